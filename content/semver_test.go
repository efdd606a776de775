package content

import "testing"

func TestMusterRange(t *testing.T) {
	for _, tc := range []struct {
		rng, floor string
		ok         bool
	}{
		{"", "0.1.0", true},
		{">=0.1", "0.1.0", true},
		{"^0.1", "0.1.0", true},
		{">=0.0.3 <1", "0.0.3", true},
		{">0.0.5", "0.0.6", true},
		{"0.1.x", "0.1.0", true},
		{">=9", "9.0.0", false},
	} {
		ok, floor, err := MusterRange(tc.rng)
		if err != nil || ok != tc.ok || floor != tc.floor {
			t.Errorf("MusterRange(%q) = %v, %q, %v; want %v, %q", tc.rng, ok, floor, err, tc.ok, tc.floor)
		}
	}
	if _, _, err := MusterRange("soon"); err == nil {
		t.Error("MusterRange(soon): no error")
	}
}
