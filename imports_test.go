package main

import (
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

const module = "github.com/padview/padview"

// importsOf reads the padview packages each package's code imports (its
// tests left out), by directory: "." is main, "api/advert" is advert.
func importsOf(t *testing.T) map[string][]string {
	t.Helper()
	pkgs := map[string][]string{}
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
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		dir := filepath.ToSlash(filepath.Dir(path))
		if _, ok := pkgs[dir]; !ok {
			pkgs[dir] = nil
		}
		for _, im := range f.Imports {
			p, _ := strconv.Unquote(im.Path.Value)
			if p == module || strings.HasPrefix(p, module+"/") {
				p = strings.TrimPrefix(strings.TrimPrefix(p, module), "/")
				if !slices.Contains(pkgs[dir], p) {
					pkgs[dir] = append(pkgs[dir], p)
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return pkgs
}

// TestImportsPointOneWay holds the code to the import rules of
// ARCHITECTURE.md: main → cmd → ui → api, keystore, theme, never back; no
// package under api knows a terminal, the keystore or the command line;
// and inside api the layers below the client (vocab, statedir, osfile,
// signals and stamp at the bottom, then advert, then text, then the
// client) import only what lies below them.
func TestImportsPointOneWay(t *testing.T) {
	pkgs := importsOf(t)
	for _, want := range []string{".", "cmd", "ui", "api", "api/advert", "api/vocab", "api/text", "keystore", "theme"} {
		if _, ok := pkgs[want]; !ok {
			t.Fatalf("no package in %s: the walk of the tree is wrong", want)
		}
	}
	// only lists what a package may import, for the packages whose place
	// is fixed; never lists what no package may.
	only := map[string][]string{
		".":            {"cmd"},
		"keystore":     {"api/text"},
		"theme":        {},
		"api/vocab":    {},
		"api/statedir": {"api/osfile"},
		"api/osfile":   {},
		"api/signals":  {},
		"api/stamp":    {},
		"api/advert":   {"api/vocab"},
		"api/text":     {"api/advert", "api/vocab"},
		"api":          {"api/advert", "api/text", "api/vocab"},
	}
	never := map[string][]string{
		"cmd": {"."},
		"ui":  {".", "cmd", "keystore", "api/fake"},
	}
	for dir, imports := range pkgs {
		if allowed, ok := only[dir]; ok {
			for _, p := range imports {
				if !slices.Contains(allowed, p) {
					t.Errorf("%s imports %s; it may import only %v (ARCHITECTURE.md, the import rules)", name(dir), name(p), names(allowed))
				}
			}
		}
		forbidden := never[dir]
		if strings.HasPrefix(dir, "api/") || dir == "api" {
			forbidden = []string{".", "cmd", "ui", "keystore", "theme"}
		}
		for _, p := range imports {
			if slices.Contains(forbidden, p) {
				t.Errorf("%s imports %s, against the one-way rule (ARCHITECTURE.md, the import rules)", name(dir), name(p))
			}
			if p == "api/fake/faketest" {
				t.Errorf("%s imports %s, which only tests may (it brings package testing into padview)", name(dir), p)
			}
		}
	}
}

func name(dir string) string {
	if dir == "." {
		return "main"
	}
	return dir
}

func names(dirs []string) []string {
	out := make([]string, len(dirs))
	for i, d := range dirs {
		out[i] = name(d)
	}
	return out
}
