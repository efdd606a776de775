package content

import (
	"strings"

	buildversion "github.com/muster-wargames/muster/internal/version"
)

// MusterVersion is the version of muster itself, recorded in generated content and written into outputs (a
// PDF's Creator, a module's description) so they can be made again: the release this muster was built as, or
// version.Base for a development build, so that a build's outputs do not change with every commit.
var MusterVersion = buildversion.Get().Version

// musterCore is MusterVersion without a pre-release or build suffix (0.2.0 of 0.2.0-rc.1 or 0.2.0+dirty): what
// a package's muster range is compared with.
func musterCore() string {
	v, _, _ := strings.Cut(MusterVersion, "+")
	v, _, _ = strings.Cut(v, "-")
	return v
}
