package intstr

type IntOrString struct {
	Type   Type   `protobuf:"varint,1,opt,name=type,casttype=Type"`
	IntVal int32  `protobuf:"varint,2,opt,name=intVal"`
	StrVal string `protobuf:"bytes,3,opt,name=strVal"`
}

type Type int64

const (
	Int Type = iota
	String
)

func FromInt32(val int32) IntOrString { return IntOrString{Type: Int, IntVal: val} }

func FromString(val string) IntOrString { return IntOrString{Type: String, StrVal: val} }

func (intstr *IntOrString) UnmarshalJSON(value []byte) error { return nil }

func (intstr IntOrString) MarshalJSON() ([]byte, error) { return nil, nil }
