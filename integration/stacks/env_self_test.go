package stacks

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestSkipOrFail runs this binary again without the connection strings and
// checks the rule of dsn: skip naming run.sh, or fail when required.
func TestSkipOrFail(t *testing.T) {
	if os.Getenv("STACKS_SELF") == "1" {
		dsn(t, envPostgres)
		t.Fatal("dsn returned without a connection string")
	}
	for _, tc := range []struct {
		name    string
		require string
		wantErr bool
		want    string
	}{
		{"unset", "", false, "--- SKIP"},
		{"required", "1", true, "--- FAIL"},
		{"malformed", "yes", true, "not a boolean"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			exe, err := os.Executable()
			if err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command(exe, "-test.run=^TestSkipOrFail$", "-test.v", "-test.count=1")
			for _, kv := range os.Environ() {
				if name, _, _ := strings.Cut(kv, "="); !strings.HasPrefix(name, "ULID_") {
					cmd.Env = append(cmd.Env, kv)
				}
			}
			cmd.Env = append(cmd.Env, "STACKS_SELF=1", envRequire+"="+tc.require)
			out, err := cmd.CombinedOutput()
			if (err != nil) != tc.wantErr {
				t.Fatalf("err = %v, want error %v:\n%s", err, tc.wantErr, out)
			}
			if !strings.Contains(string(out), tc.want) || !strings.Contains(string(out), "integration/run.sh") && tc.name != "malformed" {
				t.Errorf("output does not contain %q and integration/run.sh:\n%s", tc.want, out)
			}
		})
	}
}
