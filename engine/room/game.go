package room

import (
	"context"
	"fmt"
	"io"
	"sync"
)

// Game is one player's game as a door plays it: omnigap play's model at
// an SSH terminal, or a page's game over a socket. Play plays it at t
// until it ends or ctx ends (the player left, the room's limits ended
// it, or the server stops: context.Cause says which), and returns once
// its runs have stopped and its recording is closed. A game knows what
// it plays, and how its player is held to the room's limits, only from
// t.
type Game interface {
	Play(ctx context.Context, t *Table) error
}

// Table is what the room hands a game: the player, what to play, the
// welcome, and the room's hooks for the game's input, output and
// recording.
type Table struct {
	Player Player
	Setup  Setup
	// Welcome is the host's text and what is recorded of the player.
	Welcome string

	room  *Room
	watch *watch
	once  sync.Once // the run's end counted once
}

// Active notes that the player did something (input, or a page that
// came back), which puts off the idle limit.
func (t *Table) Active() { t.watch.touch() }

// Input is the player's byte stream held to the room's key rate: a
// reader that waits rather than drops once the burst is spent, and
// notes each byte as activity. It returns io.EOF once ctx ends.
func (t *Table) Input(ctx context.Context, r io.Reader) io.Reader {
	l := t.room.cfg.Limits
	return &rateReader{ctx: ctx, r: r, watch: t.watch, bucket: newBucket(l.KeyRate, l.KeyBurst)}
}

// Bucket is the room's key rate for a door that reads whole messages:
// Take waits until a message's bytes are allowed.
func (t *Table) Bucket() *Bucket {
	l := t.room.cfg.Limits
	return newBucket(l.KeyRate, l.KeyBurst)
}

// Output is the player's output marked, write by write, in the idle
// watch, so a client that takes none of it is ended after the idle
// limit even while the game is blocked writing to it.
func (t *Table) Output(w io.Writer) io.Writer { return stallWriter{w: w, watch: t.watch} }

// Recorded counts a game's closed recording in the room's tally; the
// game's run has ended.
func (t *Table) Recorded(path string) {
	t.runEnded()
	if err := t.room.Add(path); err != nil {
		t.room.fail(fmt.Sprintf("game of %s: %v", t.Player.Name, err))
	}
}

// Failed tells the host why the game could not start; the player is to
// be told only that it did not (err may name the server's files).
func (t *Table) Failed(err error) {
	t.room.fail(fmt.Sprintf("game of %s could not start: %v", t.Player.Name, err))
}

// Unrecorded tells the host, at once, that the game's recording can no
// longer be written (a full disk): err names the file. The game goes on
// unrecorded; the door tells its player so, naming no path.
func (t *Table) Unrecorded(err error) {
	t.room.fail(fmt.Sprintf("game of %s is no longer recorded: %v", t.Player.Name, err))
}

// runEnded counts the game's run as ended, once: when its recording
// closes (the first, if a failed start left one) or, unrecorded, when
// the game is over.
func (t *Table) runEnded() {
	t.once.Do(func() {
		t.room.mu.Lock()
		t.room.ended++
		t.room.mu.Unlock()
	})
}

// UnrecordedNotice is what a player is told when their game can no
// longer be recorded.
const UnrecordedNotice = "Your game is no longer recorded (the server could not write it); you can play on."
