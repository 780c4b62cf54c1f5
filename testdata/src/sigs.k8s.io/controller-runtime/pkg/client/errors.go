package client

func IgnoreNotFound(err error) error { return err }

func IgnoreAlreadyExists(err error) error { return err }
