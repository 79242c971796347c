package results

import (
	"errors"
	"fmt"
	"os"
)

// A result directory has one writer at a time. Every function here that
// writes one (Run, so winrate, winnable and bench solve; RunRetry,
// RunMatches, Merge and MergeMatches for their output, CompressRecords
// and CompressMatchRecords) holds the directory's lock while it works: an
// advisory exclusive lock on the directory itself (flock where the system
// has it), taken without waiting. A second writer is refused with
// *DirInUseError before it reads or writes anything, so two processes never
// append the same deals twice, nor does one drop as torn (resumeSeeds) the
// last line another is writing. Merge also holds its shards' locks, shared
// ones: a shard still being written is not merged, no shard is written
// while it is merged, and two merges may read the same shards. The lock is
// released when the function returns, or by the system when the process
// ends however it ends, so a killed run leaves nothing to clean up. Other
// readers (report, claims, status) take no lock: they read whole lines only.

// DirInUseError: another process holds a result directory's lock.
type DirInUseError struct{ Dir string }

func (e *DirInUseError) Error() string {
	return fmt.Sprintf("%s is in use by another klondike process (wait for it to end, or stop it)", e.Dir)
}

// lockDir takes dir's exclusive lock, creating dir first with create. It
// returns the function that releases the lock. Where dir does not exist
// (and create is false) there is nothing to guard: it returns a no-op, and
// the caller's read of the directory reports the missing directory as
// before.
func lockDir(dir string, create bool) (unlock func(), err error) {
	return lockDirMode(dir, create, true)
}

func lockDirMode(dir string, create, exclusive bool) (unlock func(), err error) {
	if create {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return nil, err
		}
	}
	f, err := os.Open(dir)
	if errors.Is(err, os.ErrNotExist) && !create {
		return func() {}, nil
	}
	if err != nil {
		return nil, err
	}
	held, err := tryLock(f, exclusive)
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("%s: lock: %v", dir, err)
	}
	if !held {
		f.Close()
		return nil, &DirInUseError{Dir: dir}
	}
	return func() {
		unlockFile(f)
		f.Close()
	}, nil
}

// lockDirs takes shared locks of dirs in order (without creating them),
// for a reader that no writer may change meanwhile, and releases those
// taken if one is refused. A directory named twice (or by two paths) is
// locked once, so that the caller, not the lock, says what is wrong with
// that.
func lockDirs(dirs []string) (unlock func(), err error) {
	var held []func()
	release := func() {
		for i := len(held) - 1; i >= 0; i-- {
			held[i]()
		}
	}
	var locked []os.FileInfo
next:
	for _, d := range dirs {
		if st, err := os.Stat(d); err == nil {
			for _, o := range locked {
				if os.SameFile(st, o) {
					continue next
				}
			}
			locked = append(locked, st)
		}
		u, err := lockDirMode(d, false, false)
		if err != nil {
			release()
			return nil, err
		}
		held = append(held, u)
	}
	return release, nil
}
