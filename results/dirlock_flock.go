//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package results

import (
	"errors"
	"os"
	"syscall"
)

// tryLock takes an exclusive (or shared) flock on f without waiting;
// false when another open file holds a lock that conflicts. A file system that has no locks (ENOLCK,
// EOPNOTSUPP, ENOTSUP or EINVAL: some network mounts) is written unlocked,
// as before the lock existed, rather than refused.
func tryLock(f *os.File, exclusive bool) (bool, error) {
	how := syscall.LOCK_SH
	if exclusive {
		how = syscall.LOCK_EX
	}
	for {
		err := syscall.Flock(int(f.Fd()), how|syscall.LOCK_NB)
		switch {
		case err == nil:
			return true, nil
		case errors.Is(err, syscall.EWOULDBLOCK):
			return false, nil
		case errors.Is(err, syscall.EINTR):
			continue
		case errors.Is(err, syscall.ENOLCK), errors.Is(err, syscall.EOPNOTSUPP),
			errors.Is(err, syscall.ENOTSUP), errors.Is(err, syscall.EINVAL):
			return true, nil
		default:
			return false, err
		}
	}
}

func unlockFile(f *os.File) { syscall.Flock(int(f.Fd()), syscall.LOCK_UN) }
