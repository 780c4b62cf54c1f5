package docs

import (
	"fmt"
	"go/doc/comment"
	"strings"
)

// Markdown renders text in Go doc comment syntax (a check's documentation
// as Extract returns it, without its summary line) as GitHub Markdown:
// paragraphs as they are (backquoted code spans stay code spans), lists,
// headings one level below headingLevel, and code blocks fenced, as Go
// unless they look like go.mod text or shell output.
func Markdown(text string, headingLevel int) string {
	var p comment.Parser
	doc := p.Parse(text)
	var b strings.Builder
	for i, block := range doc.Content {
		if i > 0 {
			b.WriteString("\n")
		}
		writeBlock(&b, block, headingLevel)
	}
	return b.String()
}

func writeBlock(b *strings.Builder, block comment.Block, level int) {
	switch x := block.(type) {
	case *comment.Paragraph:
		b.WriteString(inline(x.Text))
		b.WriteString("\n")
	case *comment.Heading:
		fmt.Fprintf(b, "%s %s\n", strings.Repeat("#", level+1), inline(x.Text))
	case *comment.Code:
		fmt.Fprintf(b, "```%s\n%s```\n", codeLanguage(x.Text), x.Text)
	case *comment.List:
		for i, item := range x.Items {
			marker := "- "
			if item.Number != "" {
				marker = fmt.Sprintf("%d. ", i+1)
			}
			for j, c := range item.Content {
				var sub strings.Builder
				writeBlock(&sub, c, level)
				lines := strings.Split(strings.TrimSuffix(sub.String(), "\n"), "\n")
				for k, line := range lines {
					switch {
					case j == 0 && k == 0:
						b.WriteString(marker)
					case line == "":
					default:
						b.WriteString(strings.Repeat(" ", len(marker)))
					}
					b.WriteString(line)
					b.WriteString("\n")
				}
			}
		}
	}
}

// inline renders text spans: plain text as written, italics with
// underscores, links as Markdown links, doc links as code.
func inline(texts []comment.Text) string {
	var b strings.Builder
	for _, t := range texts {
		switch x := t.(type) {
		case comment.Plain:
			b.WriteString(string(x))
		case comment.Italic:
			b.WriteString("_" + string(x) + "_")
		case *comment.Link:
			fmt.Fprintf(&b, "[%s](%s)", inline(x.Text), x.URL)
		case *comment.DocLink:
			b.WriteString("`" + inline(x.Text) + "`")
		}
	}
	return b.String()
}

// codeLanguage guesses a fenced block's language for highlighting.
func codeLanguage(code string) string {
	for _, key := range []string{"apiVersion:", "spec:", "kind:"} {
		if strings.HasPrefix(code, key) {
			return "yaml"
		}
	}
	for _, marker := range []string{"require (", "module ", "\ngo 1.", "$ ", "replace "} {
		if strings.HasPrefix(code, strings.TrimPrefix(marker, "\n")) || strings.Contains(code, marker) {
			return ""
		}
	}
	return "go"
}
