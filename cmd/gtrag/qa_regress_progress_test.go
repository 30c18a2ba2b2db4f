package main

import (
	"io"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/ingest"
)

// barFrames is every redraw of a bar in what a terminal received.
func barFrames(out string) []string {
	var frames []string
	for _, seg := range regexp.MustCompile(`[\r\n]`).Split(out, -1) {
		seg = ansiEscape.ReplaceAllString(seg, "")
		if strings.Contains(seg, "%") {
			frames = append(frames, seg)
		}
	}
	return frames
}

// Every frame of the store copy bar shows one moment: the chunks written
// are among those handed to the target, the bar's count. The description
// was drawn before the count, and the count's own redraw then fell within
// the bar's throttle: the terminal showed "written 1000 … (500/6317" (a
// real copy of 6317 chunks, at 80 columns).
func TestQARegressStoreCopyBarDescriptionMatchesCount(t *testing.T) {
	out := onTerminal(t, 100, func(tty io.Writer) {
		p := newCopyProgress(tty, io.Discard, 2000, plainProgressEvery)
		for i := 1; i <= 4; i++ {
			p.set(500*i, 500*(i-1), 500*(i-1))
			time.Sleep(120 * time.Millisecond) // past the bar's throttle
			p.set(500*i, 500*i, 500*i)         // the target took a batch
			time.Sleep(30 * time.Millisecond)
		}
		p.finish(true)
	})
	written := regexp.MustCompile(`written (\d+) .*\((\d+)/`)
	frames := barFrames(out)
	require.NotEmpty(t, frames, "%q", out)
	for _, f := range frames {
		m := written.FindStringSubmatch(f)
		require.NotNil(t, m, "a frame without its figures: %q", f)
		w, _ := strconv.Atoi(m[1])
		n, _ := strconv.Atoi(m[2])
		require.LessOrEqual(t, w, n, "a frame whose description is ahead of its count: %q", f)
	}
}

// The same for ingest: the papers kept are among those committed.
func TestQARegressIngestBarDescriptionMatchesCount(t *testing.T) {
	out := onTerminal(t, 100, func(tty io.Writer) {
		d := newIngestDisplay(io.Discard, tty)
		p := ingest.Progress{Target: 1000}
		for i := 1; i <= 4; i++ {
			p.Fetched, p.Kept, p.Rejected = 250*i, 200*i, 50*i
			d.progress(p)
			time.Sleep(120 * time.Millisecond)
		}
		d.finish(true)
	})
	kept := regexp.MustCompile(`kept (\d+) .*\((\d+)/`)
	frames := barFrames(out)
	require.NotEmpty(t, frames, "%q", out)
	for _, f := range frames {
		m := kept.FindStringSubmatch(f)
		if m == nil {
			continue
		}
		k, _ := strconv.Atoi(m[1])
		n, _ := strconv.Atoi(m[2])
		require.LessOrEqual(t, k, n, "a frame whose description is ahead of its count: %q", f)
	}
}

// A bar cleared because the run failed or was interrupted stays cleared:
// progressbar's spinner goroutine, which a bar of unknown length has (an
// ingest's until arXiv gives its total, a copy from a source that cannot
// count), went on redrawing it after Clear and Exit, under the error line.
func TestQARegressBarNotRedrawnAfterFailure(t *testing.T) {
	const mark = "\x1b[0mFINISHED"
	for name, draw := range map[string]func(tty io.Writer){
		"ingest": func(tty io.Writer) {
			d := newIngestDisplay(io.Discard, tty)
			d.progress(ingest.Progress{Fetched: 100, Kept: 50})
			time.Sleep(120 * time.Millisecond)
			d.progress(ingest.Progress{Fetched: 200, Kept: 100})
			d.finish(false)
		},
		"store copy": func(tty io.Writer) {
			p := newCopyProgress(tty, io.Discard, 0, plainProgressEvery)
			p.set(500, 500, 500)
			p.finish(false)
		},
	} {
		out := onTerminal(t, 100, func(tty io.Writer) {
			draw(tty)
			_, _ = io.WriteString(tty, mark)
			time.Sleep(400 * time.Millisecond)
		})
		_, after, found := strings.Cut(out, mark)
		require.True(t, found, "%s: %q", name, out)
		require.Empty(t, after, "%s: the bar was drawn again after the run failed", name)
	}
}

// A store copy whose target takes long over a batch (every chunk is
// embedded again: with a model server, minutes) keeps its bar moving (the
// elapsed time), as the status line it replaced did; before, the bar of a
// copy of known size was drawn only when a chunk was read or a batch
// written, and stood still meanwhile.
func TestQARegressStoreCopyBarMovesDuringALongBatch(t *testing.T) {
	const mark = "\x1b[0mBATCH-SENT"
	out := onTerminal(t, 100, func(tty io.Writer) {
		p := newCopyProgress(tty, io.Discard, 1000, plainProgressEvery)
		p.set(500, 0, 0)
		_, _ = io.WriteString(tty, mark)
		time.Sleep(1300 * time.Millisecond) // the target embeds the batch
		p.finish(false)
	})
	_, during, found := strings.Cut(out, mark)
	require.True(t, found, "%q", out)
	require.Contains(t, during, "[1s:", "the elapsed time moved while the target worked: %q", during)
}
