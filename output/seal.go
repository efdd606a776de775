package output

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strings"
)

// A seal is muster's proof, inside a file, that muster wrote it and nobody changed it since: the text
// "muster-sha256:" and the SHA-256, in lowercase hex, of the whole file with those 64 digits written as zeros.
// A writer puts Placeholder where the format allows a note (a YAML comment, a PDF's document information, a
// JSON Schema's $comment) and calls Seal. The text may be ASCII or UTF-16BE (as PDF text strings are), and
// sealing never changes the file's length, so offsets inside it (a PDF's cross-reference table) stay right.
const sealPrefix = "muster-sha256:"

// Placeholder marks where Seal writes the seal.
var Placeholder = sealPrefix + strings.Repeat("0", 64)

// sealAt is where a seal's digits are: the byte offset of the first one, and whether each character is two
// bytes (UTF-16BE).
type sealAt struct {
	at   int
	wide bool
}

func (s sealAt) digits(data []byte) string {
	if !s.wide {
		return string(data[s.at : s.at+64])
	}
	b := make([]byte, 64)
	for i := range b {
		b[i] = data[s.at+2*i+1]
	}
	return string(b)
}

func (s sealAt) put(data []byte, digits string) {
	for i := 0; i < 64; i++ {
		if s.wide {
			data[s.at+2*i+1] = digits[i]
		} else {
			data[s.at+i] = digits[i]
		}
	}
}

func isHexDigit(c byte) bool { return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' }

// findSeals lists every seal (or placeholder) in data, in either encoding.
func findSeals(data []byte) []sealAt {
	var out []sealAt
	for _, wide := range []bool{false, true} {
		prefix, width := []byte(sealPrefix), 1
		if wide {
			prefix, width = widen(sealPrefix), 2
		}
		for from := 0; ; {
			i := bytes.Index(data[from:], prefix)
			if i < 0 {
				break
			}
			at := from + i + len(prefix)
			from = from + i + 1
			if at+64*width > len(data) {
				continue
			}
			ok := true
			for k := 0; k < 64 && ok; k++ {
				if wide {
					ok = data[at+2*k] == 0 && isHexDigit(data[at+2*k+1])
				} else {
					ok = isHexDigit(data[at+k])
				}
			}
			if ok {
				out = append(out, sealAt{at: at, wide: wide})
			}
		}
	}
	return out
}

func widen(s string) []byte {
	b := make([]byte, 0, 2*len(s))
	for i := 0; i < len(s); i++ {
		b = append(b, 0, s[i])
	}
	return b
}

// Seal fills in the one Placeholder in data and returns the sealed copy.
func Seal(data []byte) ([]byte, error) {
	seals := findSeals(data)
	if len(seals) != 1 || seals[0].digits(data) != strings.Repeat("0", 64) {
		return nil, fmt.Errorf("output: cannot seal a file with %d seals or placeholders in it (want one placeholder)", len(seals))
	}
	out := bytes.Clone(data)
	sum := sha256.Sum256(out)
	seals[0].put(out, hex.EncodeToString(sum[:]))
	return out, nil
}

// Sealed reports whether data carries exactly one seal, and that seal matches the rest of the data: muster
// wrote it, and nobody changed it since.
func Sealed(data []byte) bool {
	seals := findSeals(data)
	if len(seals) != 1 {
		return false
	}
	s := seals[0]
	got := s.digits(data)
	zeroed := bytes.Clone(data)
	s.put(zeroed, strings.Repeat("0", 64))
	sum := sha256.Sum256(zeroed)
	return got == hex.EncodeToString(sum[:])
}

// SealJSON seals a JSON object: it adds "$comment": "note muster-sha256:…" as the object's first member (a
// JSON Schema keyword for notes, which validators and editors ignore) and seals it.
func SealJSON(data []byte, note string) ([]byte, error) {
	i := 0
	for i < len(data) && strings.IndexByte(" \t\r\n", data[i]) >= 0 {
		i++
	}
	if i == len(data) || data[i] != '{' {
		return nil, fmt.Errorf("output: cannot seal JSON that is not an object")
	}
	comment, _ := json.Marshal(strings.TrimSpace(note + " " + Placeholder))
	rest := data[i+1:]
	sep := ","
	if t := bytes.TrimLeft(rest, " \t\r\n"); len(t) > 0 && t[0] == '}' {
		sep = ""
	}
	var b bytes.Buffer
	b.Write(data[:i+1])
	b.WriteString("\n  \"$comment\": ")
	b.Write(comment)
	b.WriteString(sep)
	b.Write(rest)
	if !json.Valid(b.Bytes()) {
		return nil, fmt.Errorf("output: cannot seal JSON that is not valid")
	}
	return Seal(b.Bytes())
}
