package unstructured

// NestedString returns the string at fields of obj.
func NestedString(obj map[string]interface{}, fields ...string) (string, bool, error) {
	return "", false, nil
}

// NestedMap returns a deep copy of the map at fields of obj.
func NestedMap(obj map[string]interface{}, fields ...string) (map[string]interface{}, bool, error) {
	return nil, false, nil
}

// SetNestedField sets value at fields of obj, in place.
func SetNestedField(obj map[string]interface{}, value interface{}, fields ...string) error {
	return nil
}

// SetNestedMap sets a copy of value at fields of obj, in place.
func SetNestedMap(obj map[string]interface{}, value map[string]interface{}, fields ...string) error {
	return nil
}

// RemoveNestedField removes the field at fields of obj, in place.
func RemoveNestedField(obj map[string]interface{}, fields ...string) {}
