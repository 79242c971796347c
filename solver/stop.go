package solver

// Stop is why a search ended before it decided the deal (its verdict then
// unknown). Its text, the word the records and the JSON output carry, is
// what String returns.
type Stop uint8

// Stop reasons.
const (
	NotStopped    Stop = iota // the search decided the deal
	StopTime                  // the wall-time budget ran out
	StopNodes                 // the node budget ran out
	StopMemory                // the tables would have outgrown the memory budget
	StopCancelled             // the context was cancelled (Ctrl-C)
	StopDepth                 // the line would have gone deeper than the depth limit
	// stopDone ends a worker whose fellow decided the deal or stopped; it
	// never reaches a Result.
	stopDone
)

// String returns the reason's word: "" for NotStopped, else time, nodes,
// memory, cancelled or depth.
func (s Stop) String() string {
	return [...]string{"", "time", "nodes", "memory", "cancelled", "depth", "done"}[s]
}

// MarshalText writes the reason's word, so that JSON holds the word.
func (s Stop) MarshalText() ([]byte, error) { return []byte(s.String()), nil }
