package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// A failure is worded in one table per front end, keyed by its kind
// (api/kinds.go, cmd/failures.go, ui/failures.go; ARCHITECTURE.md, "how to
// add a failure kind"): no more than five files may branch on an
// api.ErrorKind (a case or a comparison), so that a new kind, or new words
// for one, is a row in those tables and not a hunt through switches.
// Building an error with its kind, or a table's keys, is no branching.
func TestFewFilesBranchOnTheFailureKind(t *testing.T) {
	kinds := errorKinds(t)
	isKind := func(e ast.Expr, inAPI bool) bool {
		switch x := e.(type) {
		case *ast.SelectorExpr:
			id, ok := x.X.(*ast.Ident)
			return ok && id.Name == "api" && kinds[x.Sel.Name]
		case *ast.Ident:
			return inAPI && kinds[x.Name]
		}
		return false
	}
	var files []string
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && path != "." && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata" || d.Name() == "docs") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
		if err != nil {
			return err
		}
		inAPI := filepath.ToSlash(filepath.Dir(path)) == "api"
		branches := false
		ast.Inspect(f, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.CaseClause:
				branches = branches || slices.ContainsFunc(x.List, func(e ast.Expr) bool { return isKind(e, inAPI) })
			case *ast.BinaryExpr:
				branches = branches || (x.Op == token.EQL || x.Op == token.NEQ) && (isKind(x.X, inAPI) || isKind(x.Y, inAPI))
			}
			return !branches
		})
		if branches {
			files = append(files, filepath.ToSlash(path))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) > 5 {
		t.Errorf("%d files branch on the failure kind, more than 5: %v; read the kind's traits from a table instead", len(files), files)
	}
	if !slices.Contains(files, "ui/failures.go") || !slices.Contains(files, "api/kinds.go") {
		t.Errorf("the test finds no branching where it is known to be: %v", files)
	}
	t.Logf("files that branch on the failure kind: %v", files)
}

// errorKinds is the names of api.ErrorKind's constants, read from
// api/errors.go.
func errorKinds(t *testing.T) map[string]bool {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), "api/errors.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.CONST {
			continue
		}
		typed := false
		for _, s := range g.Specs {
			vs := s.(*ast.ValueSpec)
			if id, ok := vs.Type.(*ast.Ident); ok {
				typed = id.Name == "ErrorKind"
			}
			for _, n := range vs.Names {
				if typed && n.Name != "_" {
					names[n.Name] = true
				}
			}
		}
	}
	if !names["KindNotFound"] || !names["KindAccessLog"] {
		t.Fatalf("read no ErrorKind constants from api/errors.go: %v", names)
	}
	return names
}
