package config

import (
	"strings"
	"testing"
)

type sample struct {
	AllowedMinorSkew int      `json:"allowed-minor-skew"`
	Ignore           []string `json:"ignore"`
}

func TestDecodeStrict(t *testing.T) {
	cfg := sample{AllowedMinorSkew: 3}
	if err := DecodeStrict("x", nil, &cfg); err != nil || cfg.AllowedMinorSkew != 3 {
		t.Fatalf("nil settings changed defaults: %v %+v", err, cfg)
	}
	raw := map[string]any{"allowed-minor-skew": 1, "ignore": []any{"a"}}
	if err := DecodeStrict("x", raw, &cfg); err != nil {
		t.Fatal(err)
	}
	if cfg.AllowedMinorSkew != 1 || len(cfg.Ignore) != 1 {
		t.Fatalf("got %+v", cfg)
	}
	// golangci-lint lowercases keys; case must not matter.
	if err := DecodeStrict("x", map[string]any{"ALLOWED-minor-skew": 2}, &cfg); err != nil || cfg.AllowedMinorSkew != 2 {
		t.Fatalf("case-insensitive key: %v %+v", err, cfg)
	}
	err := DecodeStrict("x", map[string]any{"allowed-skew": 1}, &cfg)
	if err == nil || !strings.Contains(err.Error(), `unknown setting "allowed-skew"`) {
		t.Fatalf("unknown key: got %v", err)
	}
	err = DecodeStrict("x", map[string]any{"ignore": 5}, &cfg)
	if err == nil {
		t.Fatal("wrong type accepted")
	}
}
