//go:build !windows

package main

import "os"

// ansiConsole: every terminal muster meets outside Windows draws ANSI escapes.
func ansiConsole(*os.File) bool { return true }
