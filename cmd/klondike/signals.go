package main

import (
	"context"
	"os"
	"os/signal"
	"sync"
	"syscall"
	"time"
)

// solveSignalDelay is how long a solve runs before Ctrl-C and SIGTERM are
// caught (see lateSignalContext).
const solveSignalDelay = 50 * time.Millisecond

// lateSignalContext is a context that Ctrl-C (SIGINT) or SIGTERM cancels,
// as signal.NotifyContext makes, but whose handler is installed only when
// Err is called delay or more after the start. Catching signals takes
// os/signal's two goroutines, each on a thread of its own, and a timer to
// install them later would start the network poller: in a one-deal
// process either costs about as much CPU as the search of an easy deal.
// The solver calls Err every thousand nodes or so, so a search that runs
// past the delay is interruptible a moment later; a signal before then
// ends the process as it ends any program.
type lateSignalContext struct {
	context.Context // cancelled by a signal or by stop
	cancel          context.CancelFunc
	start           time.Time
	delay           time.Duration
	once            sync.Once
	mu              sync.Mutex
	stopped         bool
	release         func() // stops catching signals
}

// notifyLate returns a lateSignalContext of parent and the function that
// stops catching signals and cancels it.
func notifyLate(parent context.Context, delay time.Duration) (context.Context, func()) {
	ctx, cancel := context.WithCancel(parent)
	c := &lateSignalContext{Context: ctx, cancel: cancel, start: time.Now(), delay: delay}
	return c, c.stop
}

// Err installs the signal handler once the delay has passed, then reports
// whether the context is done.
func (c *lateSignalContext) Err() error {
	if time.Since(c.start) >= c.delay {
		c.once.Do(c.catch)
	}
	return c.Context.Err()
}

// catch starts catching the signals unless stop came first.
func (c *lateSignalContext) catch() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.stopped {
		return
	}
	sctx, release := signal.NotifyContext(c.Context, os.Interrupt, syscall.SIGTERM)
	c.release = release
	go func() {
		<-sctx.Done() // a signal, or the context done already
		c.cancel()
	}()
}

func (c *lateSignalContext) stop() {
	c.mu.Lock()
	c.stopped = true
	if c.release != nil {
		c.release()
	}
	c.mu.Unlock()
	c.cancel()
}
