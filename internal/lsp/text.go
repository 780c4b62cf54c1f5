package lsp

import (
	"bytes"
	"cmp"
	"go/token"
	"unicode/utf8"

	"go.lsp.dev/protocol"
)

// toRange is the LSP range of [pos, end) in text, the file's content.
func toRange(text []byte, pos, end token.Position) protocol.Range {
	return protocol.Range{Start: toPosition(text, pos), End: toPosition(text, end)}
}

// toPosition converts p to an LSP position: a 0-based line and a column
// in UTF-16 code units (the protocol's default encoding), counted in
// text. Without the text (an unreadable file, an offset beyond it), the
// position's line and byte column stand in.
func toPosition(text []byte, p token.Position) protocol.Position {
	if text == nil || p.Offset < 0 || p.Offset > len(text) {
		return protocol.Position{Line: uint32(max(p.Line-1, 0)), Character: uint32(max(p.Column-1, 0))}
	}
	start := bytes.LastIndexByte(text[:p.Offset], '\n') + 1
	return protocol.Position{
		Line:      uint32(bytes.Count(text[:start], []byte{'\n'})),
		Character: uint32(utf16Len(text[start:p.Offset])),
	}
}

// utf16Len counts the UTF-16 code units of b.
func utf16Len(b []byte) int {
	n := 0
	for len(b) > 0 {
		r, size := utf8.DecodeRune(b)
		b = b[size:]
		n++
		if r >= 0x10000 {
			n++ // a surrogate pair
		}
	}
	return n
}

// lineStart returns the offset of the start of the line that holds
// offset.
func lineStart(text []byte, offset int) int {
	return bytes.LastIndexByte(text[:offset], '\n') + 1
}

func comparePos(a, b protocol.Position) int {
	return cmp.Or(cmp.Compare(a.Line, b.Line), cmp.Compare(a.Character, b.Character))
}

// overlaps tells whether two ranges share a position, ends included (an
// empty range at a diagnostic's end touches it).
func overlaps(a, b protocol.Range) bool {
	return comparePos(a.Start, b.End) <= 0 && comparePos(b.Start, a.End) <= 0
}
