package main

import (
	"runtime"
	"runtime/debug"
	"strings"
)

// version returns what --version prints: the module version, the Go
// release and the platform, such as "ulid v1.2.0 go1.26.8 linux/amd64",
// with the commit where the go command stamped one, or "(devel)".
func version() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "ulid (unknown version: no build information) " + runtime.Version() + " " + runtime.GOOS + "/" + runtime.GOARCH
	}
	return versionOf(info)
}

// versionOf formats the version line from info.
func versionOf(info *debug.BuildInfo) string {
	v := info.Main.Version
	if v == "" {
		v = "(devel)"
	}
	var rev, modified string
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			modified = s.Value
		}
	}
	var b strings.Builder
	b.WriteString("ulid " + v)
	if rev != "" && !strings.Contains(v, rev[:min(12, len(rev))]) {
		b.WriteString(" (commit " + rev[:min(12, len(rev))])
		if modified == "true" {
			b.WriteString(", modified")
		}
		b.WriteString(")")
	}
	goVersion := info.GoVersion
	if goVersion == "" {
		goVersion = runtime.Version()
	}
	b.WriteString(" " + goVersion + " " + runtime.GOOS + "/" + runtime.GOARCH)
	return b.String()
}
