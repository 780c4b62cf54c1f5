package resource

type Format string

type Quantity struct {
	s string
	Format
}

func MustParse(str string) Quantity { return Quantity{s: str} }

func (q Quantity) MarshalJSON() ([]byte, error) { return []byte(q.s), nil }

func (q *Quantity) UnmarshalJSON(value []byte) error { return nil }
