package resource

type Format string

type Quantity struct {
	s string
	Format
}

func MustParse(str string) Quantity { return Quantity{s: str} }

func (q Quantity) MarshalJSON() ([]byte, error) { return []byte(q.s), nil }

func (q *Quantity) UnmarshalJSON(value []byte) error { return nil }

func (q *Quantity) Cmp(y Quantity) int {
	switch {
	case q.s < y.s:
		return -1
	case q.s > y.s:
		return 1
	}
	return 0
}

func (q *Quantity) Value() int64 { return int64(len(q.s)) }

func (q *Quantity) Set(value int64) { q.s = string(rune(value)) }
