// Package lineio reads lines of bounded length.
//
// gtrag reads lines from files and pipes it does not control: a trace, a
// chat script, an MCP client's messages, a file of papers. One line can be
// endless (a binary, a client that never sends a newline), and how to
// answer a line too long differs by caller: refuse the input, skip the
// line with an error and read on, count it as an entry that cannot be
// read. So a Reader decides nothing. It holds at most limit+2 bytes of a
// line (a line of limit bytes and its "\r\n") however long the line is, and
// reports the line's true length beside what it holds; the caller compares
// the length with its limit and chooses its own policy, with the start of
// the line still in hand to name it (an id, say). The price of the bound is
// that a line longer than the limit is never returned whole: a caller that
// needs it must raise the limit, and the memory with it.
package lineio

import "bufio"

// Reader reads lines from a bufio.Reader, holding at most limit+2 bytes of
// each (see New).
type Reader struct {
	br  *bufio.Reader
	max int
	buf []byte // what is held of the current line
}

// New reads lines from br, holding at most limit+2 bytes of each (a limit
// below 0 is 0). Between calls of ReadLine a Reader keeps nothing of br's:
// br may be read by others too, and the next line is what is left in it.
func New(br *bufio.Reader, limit int) *Reader {
	return &Reader{br: br, max: max(limit, 0)}
}

// ReadLine reads the next line. A line ends at "\n", dropped with a "\r"
// before it, or at the end of the input.
//
// n is the line's full length in bytes, without its end. line is the
// line as far as the Reader holds it: whole when n <= limit, else its
// first bytes (at most limit+2). line is valid until the next call.
//
// At the end of the input err is io.EOF. A last line that does not end in
// "\n" is returned with io.EOF (n > 0 then), as bufio.Reader.ReadString
// returns it, so that a caller can tell a line cut short from a whole one;
// after a last line that ends in "\n", the next call returns no line and
// io.EOF. Any other error is returned with what was read of the line.
func (r *Reader) ReadLine() (line []byte, n int, err error) {
	r.buf = r.buf[:0]
	var end [2]byte // the line's last two bytes, end[1] the last
	for {
		var chunk []byte
		chunk, err = r.br.ReadSlice('\n')
		n += len(chunk)
		if room := r.max + 2 - len(r.buf); room > 0 {
			r.buf = append(r.buf, chunk[:min(room, len(chunk))]...)
		}
		switch len(chunk) {
		case 0:
		case 1:
			end = [2]byte{end[1], chunk[0]}
		default:
			end = [2]byte{chunk[len(chunk)-2], chunk[len(chunk)-1]}
		}
		if err != bufio.ErrBufferFull {
			break
		}
	}
	if n > 0 && end[1] == '\n' {
		n--
		if n > 0 && end[0] == '\r' {
			n--
		}
	}
	return r.buf[:min(len(r.buf), n)], n, err
}
