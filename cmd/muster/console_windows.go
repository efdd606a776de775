//go:build windows

package main

import (
	"os"

	"golang.org/x/sys/windows"
)

// ansiConsole turns on virtual-terminal processing for a Windows console, so that colour and the progress
// line's escapes are drawn instead of printed; false when f is no console or the console cannot (before
// Windows 10), and then muster writes plain text.
func ansiConsole(f *os.File) bool {
	h := windows.Handle(f.Fd())
	var mode uint32
	if err := windows.GetConsoleMode(h, &mode); err != nil {
		return false
	}
	if mode&windows.ENABLE_VIRTUAL_TERMINAL_PROCESSING != 0 {
		return true
	}
	return windows.SetConsoleMode(h, mode|windows.ENABLE_VIRTUAL_TERMINAL_PROCESSING) == nil
}
