package a

func f() int {
	x := 0

	/* want `names no check` */ //opvet:ignore
	x++

	/* want `gives no reason` */ //opvet:ignore statusupdate
	x++

	/* want `names unknown check "statusupdat"` */ //opvet:ignore statusupdat typo in the name
	x++

	/* want `has an empty check name` */ //opvet:ignore statusupdate,,mergefrom two checks
	x++

	// Well-formed directives are not reported.
	//opvet:ignore statusupdate the status controller writes status
	x++
	//opvet:ignore statusupdate,mergefrom both are handled by the patch helper
	x++
	//opvet:ignore SA5005 the closure only reads a copy
	x++

	// Not directives: a space after //, another tool's prefix.
	// opvet:ignore
	//opvet:ignored statusupdate
	//nolint:opvet
	return x
}
