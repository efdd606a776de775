package surface

import (
	"bytes"
	"regexp"
)

var (
	trailerInfoRe = regexp.MustCompile(`(?s)trailer\n<<.*?/Info (\d+) 0 R`)
	infoObjRe     = regexp.MustCompile(`(?m)^(\d+) 0 obj\n<<\n/Producer `)
)

// fixInfoRef points the trailer's /Info at the document information dictionary. fpdf (v0.12) writes the
// output intents' ICC streams between the information dictionary and the catalog but still names the object
// before the catalog as /Info, so a document with an output intent would lose its title and dates to the ICC
// profile's stream. The trailer follows the cross-reference table, so no offset moves.
func fixInfoRef(pdf []byte) []byte {
	info := infoObjRe.FindSubmatch(pdf)
	loc := trailerInfoRe.FindSubmatchIndex(pdf)
	if info == nil || loc == nil {
		return pdf
	}
	if string(pdf[loc[2]:loc[3]]) == string(info[1]) {
		return pdf
	}
	var b bytes.Buffer
	b.Write(pdf[:loc[2]])
	b.Write(info[1])
	b.Write(pdf[loc[3]:])
	return b.Bytes()
}
