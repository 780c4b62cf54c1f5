package astx

import (
	"go/ast"
	"go/parser"
	"testing"
)

func TestKeyedFieldAndLiteralOf(t *testing.T) {
	e, err := parser.ParseExpr(`T{A: (&U{B: 1}), C: x, 2}`)
	if err != nil {
		t.Fatal(err)
	}
	lit := e.(*ast.CompositeLit)
	inner := LiteralOf(KeyedField(lit, "A"))
	if inner == nil || KeyedField(inner, "B") == nil {
		t.Errorf("A: want the literal &U{B: 1}, got %v", inner)
	}
	if LiteralOf(KeyedField(lit, "C")) != nil {
		t.Error("C: an identifier is no literal")
	}
	if KeyedField(lit, "D") != nil || KeyedField(nil, "A") != nil || LiteralOf(nil) != nil {
		t.Error("missing fields and nil literals give nil")
	}
}
