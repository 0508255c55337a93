package itest

import (
	"strings"
	"testing"
)

func TestDecide(t *testing.T) {
	const pg, my = "postgres://u:p@127.0.0.1:1/db", "u:p@tcp(127.0.0.1:2)/db"
	for _, tc := range []struct {
		name  string
		env   map[string]string
		need  []string
		want  Action
		msgIn []string // substrings of the message
	}{
		{"nothing needed", nil, nil, Run, nil},
		{"all set", map[string]string{EnvPostgres: pg, EnvMySQL: my}, []string{EnvPostgres, EnvMySQL}, Run, nil},
		{"all set, required", map[string]string{EnvPostgres: pg, EnvRequire: "1"}, []string{EnvPostgres}, Run, nil},
		{"unset", nil, []string{EnvPostgres}, Skip,
			[]string{"skipped", EnvPostgres + " is not set", "integration/run.sh"}},
		{"empty counts as unset", map[string]string{EnvPostgres: ""}, []string{EnvPostgres}, Skip,
			[]string{EnvPostgres + " is not set", "integration/run.sh"}},
		{"one of two", map[string]string{EnvPostgres: pg}, []string{EnvPostgres, EnvMySQL}, Skip,
			[]string{EnvMySQL + " is not set", "integration/run.sh"}},
		{"both missing", nil, []string{EnvPostgres, EnvMySQL}, Skip,
			[]string{EnvPostgres + " and " + EnvMySQL + " are not set", "integration/run.sh"}},
		{"require=0", map[string]string{EnvRequire: "0"}, []string{EnvMySQL}, Skip,
			[]string{EnvMySQL + " is not set", "integration/run.sh"}},
		{"require=false", map[string]string{EnvRequire: "false"}, []string{EnvMySQL}, Skip, nil},
		{"require=1", map[string]string{EnvRequire: "1"}, []string{EnvPostgres}, Fail,
			[]string{EnvPostgres + " is not set", EnvRequire + "=1", "integration/run.sh"}},
		{"require=true", map[string]string{EnvRequire: "true", EnvPostgres: pg}, []string{EnvPostgres, EnvMySQL}, Fail,
			[]string{EnvMySQL + " is not set", EnvRequire + "=true"}},
		{"PgBouncer missing", map[string]string{EnvPostgres: pg}, []string{EnvPostgres, EnvPgBouncer}, Skip,
			[]string{EnvPgBouncer + " is not set", "integration/run.sh"}},
		{"PgBouncer missing, required", map[string]string{EnvPostgres: pg, EnvRequire: "1"}, []string{EnvPgBouncer}, Fail,
			[]string{EnvPgBouncer + " is not set", EnvRequire + "=1"}},
		{"require malformed", map[string]string{EnvRequire: "yes"}, []string{EnvPostgres}, Fail,
			[]string{EnvRequire + `="yes"`, "not a boolean"}},
		{"require malformed, all set", map[string]string{EnvRequire: "yes", EnvPostgres: pg}, []string{EnvPostgres}, Fail,
			[]string{EnvRequire + `="yes"`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			getenv := func(k string) string { return tc.env[k] }
			got, msg := Decide(getenv, tc.need...)
			if got != tc.want {
				t.Fatalf("Decide = %v (%q), want %v", got, msg, tc.want)
			}
			if got == Run && msg != "" {
				t.Errorf("Run with message %q", msg)
			}
			if got != Run && msg == "" {
				t.Errorf("%v without a message", got)
			}
			for _, s := range tc.msgIn {
				if !strings.Contains(msg, s) {
					t.Errorf("message %q does not contain %q", msg, s)
				}
			}
		})
	}
}
