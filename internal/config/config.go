// Package config decodes golangci-lint settings into a check's typed Config.
//
// golangci-lint hands a module plugin its settings as a map[string]any whose
// keys it has lowercased. Decoding goes through encoding/json, which matches
// field names without regard to case, and rejects unknown keys, so that a
// typo in .golangci.yml is an error that names the key instead of a silently
// ignored setting.
package config

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
)

// DecodeStrict decodes raw (a value such as golangci-lint passes: maps,
// slices, strings, numbers, bools) over *dst, which holds the defaults.
// Unknown keys are an error naming the key; name is used in messages.
func DecodeStrict(name string, raw any, dst any) error {
	if raw == nil {
		return nil
	}
	data, err := json.Marshal(raw)
	if err != nil {
		return fmt.Errorf("%s: settings: %w", name, err)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(dst); err != nil {
		return fmt.Errorf("%s: settings: %s", name, cleanJSONError(err))
	}
	return nil
}

// cleanJSONError turns encoding/json's Go-centric messages into ones that
// speak of setting keys.
func cleanJSONError(err error) string {
	msg := err.Error()
	if key, ok := strings.CutPrefix(msg, "json: unknown field "); ok {
		return "unknown setting " + key
	}
	msg = strings.TrimPrefix(msg, "json: ")
	return msg
}
