// funcat prints, for each file:line argument, a key naming the code construct
// that contains the line: "func:Recv.Name" for a function (a func literal is
// attributed to its enclosing declaration), "decl:Name" for a type/var/const
// declaration (its doc comment included), otherwise "text:<trimmed line>".
package main

import (
	"bufio"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"strconv"
	"strings"
)

func lineText(path string, line int) string {
	f, err := os.Open(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for n := 1; sc.Scan(); n++ {
		if n == line {
			return strings.Join(strings.Fields(sc.Text()), " ")
		}
	}
	return ""
}

func recvName(fd *ast.FuncDecl) string {
	if fd.Recv == nil || len(fd.Recv.List) == 0 {
		return ""
	}
	t := fd.Recv.List[0].Type
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
		case *ast.Ident:
			return x.Name + "."
		}
		return ""
	}
}

func key(path string, line int) string {
	if !strings.HasSuffix(path, ".go") {
		t := lineText(path, line)
		fs := strings.Fields(t)
		if len(fs) > 0 && fs[0] == "require" && len(fs) > 1 {
			fs = fs[1:]
		}
		if len(fs) > 0 {
			return "text:" + fs[0]
		}
		return "text:"
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, nil, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil && f == nil {
		return "text:" + lineText(path, line)
	}
	for _, d := range f.Decls {
		start := fset.Position(d.Pos()).Line
		end := fset.Position(d.End()).Line
		var doc *ast.CommentGroup
		switch x := d.(type) {
		case *ast.FuncDecl:
			doc = x.Doc
		case *ast.GenDecl:
			doc = x.Doc
		}
		if doc != nil {
			start = fset.Position(doc.Pos()).Line
		}
		if line < start || line > end {
			continue
		}
		switch x := d.(type) {
		case *ast.FuncDecl:
			return "func:" + recvName(x) + x.Name.Name
		case *ast.GenDecl:
			// for a type declaration, the spec that holds the line
			for _, s := range x.Specs {
				sStart := fset.Position(s.Pos()).Line
				sEnd := fset.Position(s.End()).Line
				if ts, ok := s.(*ast.TypeSpec); ok && ts.Doc != nil {
					sStart = fset.Position(ts.Doc.Pos()).Line
				}
				if line >= sStart && line <= sEnd {
					switch y := s.(type) {
					case *ast.TypeSpec:
						return "decl:" + y.Name.Name
					case *ast.ValueSpec:
						if len(y.Names) > 0 {
							return "decl:" + y.Names[0].Name
						}
					}
				}
			}
			if x.Tok == token.TYPE && len(x.Specs) == 1 {
				return "decl:" + x.Specs[0].(*ast.TypeSpec).Name.Name
			}
		}
	}
	return "text:" + lineText(path, line)
}

func main() {
	for _, a := range os.Args[1:] {
		i := strings.LastIndex(a, ":")
		if i < 0 {
			fmt.Println("?")
			continue
		}
		n, err := strconv.Atoi(a[i+1:])
		if err != nil {
			fmt.Println("?")
			continue
		}
		fmt.Println(key(a[:i], n))
	}
}
