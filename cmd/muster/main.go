// Command muster checks, prints and generates board wargame content: `muster validate` reads a package of
// YAML or JSON files and reports what breaks the schemas or the game's own rules. This file only wires the
// command line to the packages that do the work.
package main

import "os"

func main() {
	os.Exit(run(os.Args, os.Stdout, os.Stderr))
}
