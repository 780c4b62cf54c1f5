package errors

func IsNotFound(err error) bool { return false }

func IsConflict(err error) bool { return false }

func IsAlreadyExists(err error) bool { return false }
