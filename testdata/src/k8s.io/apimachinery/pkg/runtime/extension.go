package runtime

func (re *RawExtension) UnmarshalJSON(in []byte) error { return nil }

func (re RawExtension) MarshalJSON() ([]byte, error) { return nil, nil }
