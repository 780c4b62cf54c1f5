package main

import (
	"go/ast"
	"go/token"
	"strings"
)

// Deprecations returns the objects of a package's files whose doc comment
// has a paragraph that starts with "Deprecated:" (the Go convention that
// gopls and staticcheck follow; in any case, since k8s.io/cli-runtime
// writes "DEPRECATED:"), keyed as the table keys objects, with that
// paragraph's advice.
func Deprecations(files []*ast.File) map[string]string {
	out := map[string]string{}
	walkDocs(files, func(key string, doc *ast.CommentGroup) {
		if advice, ok := DeprecatedAdvice(doc); ok && token.IsExported(lastPart(key)) {
			out[key] = advice
		}
	})
	return out
}

// Declared returns the keys of the objects a package's files declare, as
// Deprecations keys them (deprecated or not).
func Declared(files []*ast.File) map[string]bool {
	out := map[string]bool{}
	walkDocs(files, func(key string, _ *ast.CommentGroup) { out[key] = true })
	return out
}

// walkDocs calls add with the key and doc comment of each declared
// function, method, type, field, interface method, variable and constant.
func walkDocs(files []*ast.File, add func(string, *ast.CommentGroup)) {
	for _, f := range files {
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				add(funcKey(d), d.Doc)
			case *ast.GenDecl:
				genDecl(d, add)
			}
		}
	}
}

func lastPart(key string) string {
	if i := strings.LastIndexByte(key, '.'); i >= 0 {
		return key[i+1:]
	}
	return key
}

// funcKey is "Name" or "Type.Name" for a method.
func funcKey(d *ast.FuncDecl) string {
	if d.Recv == nil || len(d.Recv.List) == 0 {
		return d.Name.Name
	}
	t := d.Recv.List[0].Type
	for {
		switch x := t.(type) {
		case *ast.StarExpr:
			t = x.X
			continue
		case *ast.IndexExpr:
			t = x.X
			continue
		case *ast.IndexListExpr:
			t = x.X
			continue
		case *ast.ParenExpr:
			t = x.X
			continue
		}
		break
	}
	if id, ok := t.(*ast.Ident); ok {
		return id.Name + "." + d.Name.Name
	}
	return d.Name.Name
}

// genDecl records the deprecated types, fields, interface methods,
// variables and constants of d. The declaration's comment counts for its
// specs when it declares one spec without parentheses.
func genDecl(d *ast.GenDecl, add func(string, *ast.CommentGroup)) {
	for _, s := range d.Specs {
		switch s := s.(type) {
		case *ast.TypeSpec:
			doc := s.Doc
			if doc == nil && !d.Lparen.IsValid() {
				doc = d.Doc
			}
			add(s.Name.Name, doc)
			members(s, add)
		case *ast.ValueSpec:
			doc := s.Doc
			if doc == nil && !d.Lparen.IsValid() {
				doc = d.Doc
			}
			for _, n := range s.Names {
				add(n.Name, doc)
			}
		}
	}
}

// members records the deprecated fields of a struct type and methods of
// an interface type.
func members(s *ast.TypeSpec, add func(string, *ast.CommentGroup)) {
	var list *ast.FieldList
	switch t := s.Type.(type) {
	case *ast.StructType:
		list = t.Fields
	case *ast.InterfaceType:
		list = t.Methods
	}
	if list == nil {
		return
	}
	for _, f := range list.List {
		names := f.Names
		if len(names) == 0 {
			if id := embeddedName(f.Type); id != "" {
				names = []*ast.Ident{{Name: id}}
			}
		}
		for _, n := range names {
			add(s.Name.Name+"."+n.Name, f.Doc)
		}
	}
}

func embeddedName(t ast.Expr) string {
	switch x := t.(type) {
	case *ast.StarExpr:
		return embeddedName(x.X)
	case *ast.Ident:
		return x.Name
	case *ast.SelectorExpr:
		return x.Sel.Name
	case *ast.IndexExpr:
		return embeddedName(x.X)
	}
	return ""
}

// DeprecatedAdvice returns the text after "Deprecated:" in doc, on one
// line: from a line that starts with it to the end of its paragraph. The
// Go convention (gopls, staticcheck) wants a paragraph of its own; the
// k8s.io modules often end a paragraph with the line instead
// (intstr.FromInt: "…than int32.\nDeprecated: use FromInt32 instead."),
// which means the same to their readers, and k8s.io/cli-runtime writes
// the word in capitals (genericclioptions.IOStreams, 1.28: "DEPRECATED:
// use genericiooptions.IOStreams"), so any case counts.
func DeprecatedAdvice(doc *ast.CommentGroup) (string, bool) {
	if doc == nil {
		return "", false
	}
	lines := strings.Split(doc.Text(), "\n")
	for i, line := range lines {
		rest, ok := cutPrefixFold(strings.TrimSpace(line), "Deprecated:")
		if !ok {
			continue
		}
		para := []string{rest}
		for _, next := range lines[i+1:] {
			if strings.TrimSpace(next) == "" {
				break
			}
			para = append(para, next)
		}
		return Clip(strings.Join(strings.Fields(strings.Join(para, " ")), " "), 300, " "), true
	}
	return "", false
}

// cutPrefixFold is strings.CutPrefix with the prefix matched in any case.
func cutPrefixFold(s, prefix string) (string, bool) {
	if len(s) < len(prefix) || !strings.EqualFold(s[:len(prefix)], prefix) {
		return s, false
	}
	return s[len(prefix):], true
}
