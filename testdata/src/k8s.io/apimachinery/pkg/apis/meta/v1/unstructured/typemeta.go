package unstructured

func (u *Unstructured) GetAPIVersion() string        { return "" }
func (u *Unstructured) SetAPIVersion(version string) {}
func (u *Unstructured) GetKind() string              { return "" }
func (u *Unstructured) SetKind(kind string)          {}
