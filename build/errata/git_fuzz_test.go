package errata

import (
	"archive/tar"
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/internal/fuzzbound"
)

// FuzzUntar reads any bytes as git archive's tar stream: never a panic, never a file outside the temporary
// folder, never a link, and no more than the bounds let through.
func FuzzUntar(f *testing.F) {
	for _, files := range [][][2]string{
		{{"pkg/muster.yaml", "kind: Package\nid: x\n"}, {"pkg/units.yaml", "kind: UnitType\n"}},
		{{"../escape.txt", "x"}},
		{{"/abs.txt", "x"}},
		{{"a/../../b", "x"}},
	} {
		var b bytes.Buffer
		tw := tar.NewWriter(&b)
		for _, fl := range files {
			_ = tw.WriteHeader(&tar.Header{Name: fl[0], Mode: 0o644, Size: int64(len(fl[1])), Typeflag: tar.TypeReg})
			_, _ = tw.Write([]byte(fl[1]))
		}
		_ = tw.WriteHeader(&tar.Header{Name: "link", Linkname: "/etc/passwd", Typeflag: tar.TypeSymlink})
		_ = tw.Close()
		f.Add(b.Bytes())
	}
	f.Add([]byte("not a tar"))
	f.Fuzz(func(t *testing.T, data []byte) {
		root := t.TempDir()
		tmp := filepath.Join(root, "copy")
		if err := os.Mkdir(tmp, 0o755); err != nil {
			t.Fatal(err)
		}
		fuzzbound.Run(t, func() error {
			files, size := 0, int64(0)
			_ = untar(bytes.NewReader(data), tmp, &files, &size) // an error is an answer; a panic is not
			if files > maxGitFiles+1 {
				return fmt.Errorf("%d files written", files)
			}
			return filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
				if err != nil {
					return err
				}
				if p != root && !strings.HasPrefix(p, tmp) {
					return fmt.Errorf("%s is outside the copy", p)
				}
				if d.Type()&fs.ModeSymlink != 0 {
					return fmt.Errorf("%s is a link", p)
				}
				return nil
			})
		})
	})
}
