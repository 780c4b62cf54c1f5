package a

func f() {
	//opvet:ignore probe the reason is given
	_ = 1 // flagged line below the directive: suppressed

	_ = 2 //opvet:ignore probe,other same-line directive

	//opvet:ignore probe
	_ = 3 // want "unsuppressed 3"

	//opvet:ignore
	_ = 4 // want "unsuppressed 4"

	//opvet:ignored probe not our directive
	_ = 5 // want "unsuppressed 5"

	//opvet:ignore other a directive for another check
	_ = 6 // want "unsuppressed 6"

	// opvet:ignore probe a spaced comment is not a directive
	_ = 7 // want "unsuppressed 7"
}
