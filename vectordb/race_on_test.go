//go:build race

package vectordb

// raceEnabled reports a -race build, whose instrumentation makes bbolt and
// the chromem index several times slower.
const raceEnabled = true
