// Command checklinks checks the relative links and images in the
// repository's Markdown files.
//
// Usage, from anywhere in the repository:
//
//	go run ./.ci/checklinks [file.md ...]
//
// Without arguments it checks every Markdown file git knows of: tracked
// files and untracked ones that are not ignored (git ls-files --cached
// --others --exclude-standard). Outside a git work tree it walks the
// directory instead, skipping .git and node_modules.
//
// It reads inline links and images, [text](target) and ![alt](target), and
// reference definitions, [label]: target, outside code blocks and code spans.
// Targets with a scheme (https:, mailto:, ...) are skipped. Every other
// target is a path relative to the file (or, with a leading slash, to the
// repository root) and must exist. A #fragment must match a heading of the
// target Markdown file (or of the file itself, for a bare #fragment), by
// GitHub's rules: the heading's text in lower case, spaces turned into
// hyphens, punctuation other than hyphens and underscores dropped, and -1,
// -2, ... added to repeated headings. An explicit <a name="..."> or id="..."
// counts too. On other files only GitHub's line fragments (#L10, #L10-L20)
// are accepted.
//
// Each broken link is printed as file:line: target: reason, and the exit
// status is 1 if there are any, 2 if the files cannot be read.
package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"unicode"
)

func main() {
	root, err := repoRoot()
	if err != nil {
		fatal(err)
	}
	files := os.Args[1:]
	if len(files) == 0 {
		files, err = markdownFiles(root)
		if err != nil {
			fatal(err)
		}
	} else {
		// Arguments are relative to the current directory; make them
		// relative to the root like the listed files.
		for i, f := range files {
			abs, err := filepath.Abs(f)
			if err != nil {
				fatal(err)
			}
			if files[i], err = filepath.Rel(root, abs); err != nil {
				fatal(err)
			}
		}
	}

	c := &checker{root: root, anchors: map[string]map[string]bool{}}
	var broken, links int
	for _, f := range files {
		found, err := c.links(f)
		if err != nil {
			fatal(err)
		}
		for _, l := range found {
			if isURL(l.target) {
				continue // an absolute URL: not checked
			}
			links++
			if reason := c.check(f, l.target); reason != "" {
				fmt.Printf("%s:%d: %s: %s\n", filepath.ToSlash(f), l.line, l.target, reason)
				broken++
			}
		}
	}
	if broken > 0 {
		fmt.Printf("checklinks: %d broken of %d relative links in %s\n", broken, links, plural(len(files), "Markdown file"))
		os.Exit(1)
	}
	fmt.Printf("checklinks: %d relative links in %s, all good\n", links, plural(len(files), "Markdown file"))
}

// plural returns n and noun, with an s unless n is 1.
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

func fatal(err error) {
	fmt.Fprintln(os.Stderr, "checklinks:", err)
	os.Exit(2)
}

// repoRoot returns the top of the git work tree, or the current directory
// outside one.
func repoRoot() (string, error) {
	out, err := exec.Command("git", "rev-parse", "--show-toplevel").Output()
	if err == nil {
		return strings.TrimSpace(string(out)), nil
	}
	return os.Getwd()
}

// markdownFiles lists the Markdown files under root, relative to it.
func markdownFiles(root string) ([]string, error) {
	cmd := exec.Command("git", "ls-files", "-z", "--cached", "--others", "--exclude-standard", "--", "*.md")
	cmd.Dir = root
	if out, err := cmd.Output(); err == nil {
		var files []string
		for f := range strings.SplitSeq(string(out), "\x00") {
			// A file deleted from the work tree but still in the index is
			// listed too; it has no links to check.
			if f != "" && exists(filepath.Join(root, f)) {
				files = append(files, filepath.FromSlash(f))
			}
		}
		slices.Sort(files)
		files = slices.Compact(files)
		return files, nil
	}
	var files []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == ".git" || d.Name() == "node_modules") {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(d.Name(), ".md") {
			rel, err := filepath.Rel(root, path)
			if err != nil {
				return err
			}
			files = append(files, rel)
		}
		return nil
	})
	return files, err
}

func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// A link is a link target and the line it is on.
type link struct {
	line   int
	target string
}

type checker struct {
	root string
	// anchors caches the fragments of each Markdown file, by path relative
	// to root.
	anchors map[string]map[string]bool
}

var (
	// fence opens or closes a fenced code block.
	fence = regexp.MustCompile("^ {0,3}(```+|~~~+)")
	// refDef is a reference definition, [label]: target.
	refDef = regexp.MustCompile(`^ {0,3}\[[^\]]+\]:\s*(\S+)`)
	// htmlRef is an href or src attribute in inline HTML.
	htmlRef = regexp.MustCompile(`\b(?:href|src)\s*=\s*"([^"]*)"`)
	// scheme starts an absolute URL.
	scheme = regexp.MustCompile(`^[a-zA-Z][a-zA-Z0-9+.-]*:`)
	// lineFragment is GitHub's fragment for lines of a source file.
	lineFragment = regexp.MustCompile(`^L\d+(-L\d+)?$`)
)

// links returns the link targets in the Markdown file f, relative to root.
func (c *checker) links(f string) ([]link, error) {
	data, err := os.ReadFile(filepath.Join(c.root, f))
	if err != nil {
		return nil, err
	}
	var links []link
	var code codeFence
	for i, line := range strings.Split(string(data), "\n") {
		n := i + 1
		if code.fenceLine(line) {
			continue
		}
		if code.open != "" {
			continue
		}
		line = stripCodeSpans(line)
		if m := refDef.FindStringSubmatch(line); m != nil {
			links = append(links, link{n, strings.Trim(m[1], "<>")})
			continue
		}
		for _, t := range inlineTargets(line) {
			links = append(links, link{n, t})
		}
		for _, m := range htmlRef.FindAllStringSubmatch(line, -1) {
			links = append(links, link{n, m[1]})
		}
	}
	return links, nil
}

// stripCodeSpans blanks out `code spans`, whose brackets are not links.
func stripCodeSpans(line string) string {
	b := []byte(line)
	for i := 0; i < len(b); {
		if b[i] != '`' {
			i++
			continue
		}
		run := 1
		for i+run < len(b) && b[i+run] == '`' {
			run++
		}
		closing := bytes.Index(b[i+run:], bytes.Repeat([]byte{'`'}, run))
		if closing < 0 {
			break
		}
		end := i + run + closing + run
		for j := i; j < end; j++ {
			b[j] = ' '
		}
		i = end
	}
	return string(b)
}

// inlineTargets returns the targets of the inline links and images on line:
// what follows each "](" up to its closing parenthesis, without a title.
func inlineTargets(line string) []string {
	var targets []string
	for rest := line; ; {
		i := strings.Index(rest, "](")
		if i < 0 {
			return targets
		}
		rest = rest[i+2:]
		dest, ok := destination(rest)
		if ok {
			targets = append(targets, dest)
		}
	}
}

// destination parses a link destination at the start of s, as in
// "path/to.md#frag \"title\")" or "<path with spaces>)".
func destination(s string) (string, bool) {
	s = strings.TrimLeft(s, " ")
	if strings.HasPrefix(s, "<") {
		end := strings.Index(s, ">")
		if end < 0 {
			return "", false
		}
		return s[1:end], true
	}
	depth := 0
	for i, r := range s {
		switch {
		case r == '(':
			depth++
		case r == ')' && depth > 0:
			depth--
		case r == ')' || r == ' ':
			return s[:i], i > 0
		}
	}
	return "", false
}

// isURL reports whether target is an absolute URL (https:, mailto:, ...,
// or //host/path), which checklinks does not check.
func isURL(target string) bool {
	return scheme.MatchString(target) || strings.HasPrefix(target, "//")
}

// check returns why target, a link in the file f, is broken, or "".
func (c *checker) check(f, target string) string {
	path, fragment, hasFragment := strings.Cut(target, "#")
	if p, err := url.PathUnescape(path); err == nil {
		path = p
	}
	var rel string
	switch {
	case path == "":
		rel = f // #fragment: this file
	case strings.HasPrefix(path, "/"):
		rel = filepath.FromSlash(strings.TrimPrefix(path, "/"))
	default:
		rel = filepath.Join(filepath.Dir(f), filepath.FromSlash(path))
	}
	rel = filepath.Clean(rel)
	if rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "points outside the repository"
	}
	info, err := os.Stat(filepath.Join(c.root, rel))
	if err != nil {
		return "no such file or directory: " + filepath.ToSlash(rel)
	}
	if !hasFragment {
		return ""
	}
	if fragment == "" {
		return "empty fragment"
	}
	if info.IsDir() || !strings.HasSuffix(rel, ".md") {
		if !info.IsDir() && lineFragment.MatchString(fragment) {
			return ""
		}
		return "fragment #" + fragment + " on a file that is not Markdown"
	}
	anchors, err := c.fragments(rel)
	if err != nil {
		return err.Error()
	}
	if frag, err := url.PathUnescape(fragment); err == nil {
		fragment = frag
	}
	if !anchors[fragment] {
		return fmt.Sprintf("no heading with the anchor #%s in %s", fragment, filepath.ToSlash(rel))
	}
	return ""
}

var (
	atxHeading = regexp.MustCompile(`^ {0,3}#{1,6}(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$`)
	setextLine = regexp.MustCompile(`^ {0,3}(=+|-+)[ \t]*$`)
	htmlAnchor = regexp.MustCompile(`<a\s+[^>]*\b(?:name|id)\s*=\s*"([^"]+)"|\bid\s*=\s*"([^"]+)"`)
)

// fragments returns the anchors of the Markdown file rel, relative to root.
func (c *checker) fragments(rel string) (map[string]bool, error) {
	if a, ok := c.anchors[rel]; ok {
		return a, nil
	}
	file, err := os.Open(filepath.Join(c.root, rel))
	if err != nil {
		return nil, err
	}
	defer file.Close()

	anchors := map[string]bool{}
	seen := map[string]int{}
	add := func(heading string) {
		slug := slug(heading)
		if n := seen[slug]; n > 0 {
			anchors[fmt.Sprintf("%s-%d", slug, n)] = true
		} else {
			anchors[slug] = true
		}
		seen[slug]++
	}
	var code codeFence
	var prev string
	sc := bufio.NewScanner(file)
	sc.Buffer(make([]byte, 0, 64*1024), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if code.fenceLine(line) {
			prev = ""
			continue
		}
		if code.open != "" {
			continue
		}
		for _, m := range htmlAnchor.FindAllStringSubmatch(line, -1) {
			anchors[m[1]+m[2]] = true
		}
		switch m := atxHeading.FindStringSubmatch(line); {
		case m != nil:
			add(m[1])
			prev = ""
		case setextLine.MatchString(line) && strings.TrimSpace(prev) != "" && !isListOrQuote(prev):
			add(strings.TrimSpace(prev))
			prev = ""
		default:
			prev = line
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	c.anchors[rel] = anchors
	return anchors, nil
}

// isListOrQuote reports whether line cannot be the text of a setext heading
// because it is part of a list, a quote or a table.
func isListOrQuote(line string) bool {
	t := strings.TrimSpace(line)
	return strings.HasPrefix(t, "- ") || strings.HasPrefix(t, "* ") || strings.HasPrefix(t, ">") || strings.HasPrefix(t, "|")
}

var (
	inlineLink = regexp.MustCompile(`!?\[([^\]]*)\]\([^)]*\)`)
	htmlTag    = regexp.MustCompile(`<[^>]+>`)
)

// slug returns GitHub's anchor for a heading: the heading's text, without
// Markdown formatting, in lower case, with spaces turned into hyphens and
// every character other than a letter, digit, hyphen or underscore dropped.
func slug(heading string) string {
	text := inlineLink.ReplaceAllString(heading, "$1")
	text = htmlTag.ReplaceAllString(text, "")
	text = strings.NewReplacer("`", "", "**", "", "*", "").Replace(text)
	var b strings.Builder
	for _, r := range strings.ToLower(strings.TrimSpace(text)) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// A codeFence follows fenced code blocks through a Markdown file, line by
// line: links and headings inside them do not count.
type codeFence struct {
	open string // the fence that opened the current block, or "" outside one
}

// fenceLine reports whether line opens or closes a fenced code block, and
// updates f. A block closes at a fence of the same character, at least as
// long as the one that opened it.
func (f *codeFence) fenceLine(line string) bool {
	m := fence.FindStringSubmatch(line)
	if m == nil {
		return false
	}
	switch {
	case f.open == "":
		f.open = m[1]
	case strings.HasPrefix(m[1], f.open[:1]) && len(m[1]) >= len(f.open):
		f.open = ""
	}
	return true
}
