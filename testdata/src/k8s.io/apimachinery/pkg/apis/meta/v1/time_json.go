package v1

func (t *Time) UnmarshalJSON(b []byte) error { return nil }

func (t Time) MarshalJSON() ([]byte, error) { return nil, nil }

func (d *Duration) UnmarshalJSON(b []byte) error { return nil }

func (d Duration) MarshalJSON() ([]byte, error) { return nil, nil }
