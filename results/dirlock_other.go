//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package results

import "os"

// tryLock: this system has no flock, so result directories are not
// locked here (the lock is advisory everywhere; see dirlock.go).
func tryLock(*os.File, bool) (bool, error) { return true, nil }

func unlockFile(*os.File) {}
