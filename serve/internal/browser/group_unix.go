//go:build unix

package browser

import (
	"os/exec"
	"syscall"
)

// setGroup starts the browser in a process group of its own, so Close ends its helper processes with it.
func setGroup(cmd *exec.Cmd) { cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} }

// killGroup ends the browser's process group: the processes it started, by the group's id.
func killGroup(cmd *exec.Cmd) { _ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
