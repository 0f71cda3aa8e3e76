package replycache

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/omnigap/omnigap/engine/safefile"
)

// The file: its first line is the header, and each line after it one
// kept reply, in the order they were kept:
//
//	{"omnigap_reply_cache":2}
//	{"key":"<the request's SHA-256, hex>","model":"gpt-4o-mini","created":1795820000,"reply":{...}}
//
// Lines are only ever appended, each whole in one write under the file's
// lock (safefile.Lock). A line without its newline at the end of the file is
// a write cut short (its process died, or the disk filled): readers leave
// it, and the next writer cuts it off before appending.
const fileFormat = 2

var header = []byte(fmt.Sprintf(`{"omnigap_reply_cache":%d}`, fileFormat) + "\n")

// sqliteMagic opens every SQLite database, the format of the caches of
// omnigap before format 2.
const sqliteMagic = "SQLite format 3\x00"

// lockWait is how long a process waits for another's write.
const lockWait = time.Minute

// record is one line after the header.
type record struct {
	Key     string          `json:"key"`
	Model   string          `json:"model"`
	Created int64           `json:"created"`
	Reply   json.RawMessage `json:"reply"`
}

// span is where a record's line is in the file.
type span struct {
	off int64
	n   int
}

// store is the open file and the index of the lines read so far. It is
// not safe for concurrent use: the Cache holds its lock around it.
type store struct {
	f     *os.File
	index map[[32]byte]span
	// read is how far the file is indexed: the header and whole lines;
	// lines the line number of the next one.
	read  int64
	lines int
}

func openStore(path string) (*store, error) {
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		return nil, err
	}
	s := &store{f: f, index: map[[32]byte]span{}}
	if err := s.start(); err != nil {
		f.Close()
		return nil, err
	}
	return s, nil
}

func (s *store) close() error { return s.f.Close() }

// start checks the header, first writing it into a new, empty file
// (unless another process opening it at the same time did), and indexes
// what the file holds.
func (s *store) start() error {
	err := s.locked(func() error {
		st, err := s.f.Stat()
		if err == nil && st.Size() == 0 {
			_, err = s.f.WriteAt(header, 0)
		}
		return err
	})
	if err != nil {
		return err
	}
	head := make([]byte, 64)
	n, err := s.f.ReadAt(head, 0)
	if err != nil && err != io.EOF {
		return err
	}
	head = head[:n]
	if bytes.HasPrefix(head, []byte(sqliteMagic)) {
		return errors.New("an SQLite database (another program's, or the reply cache of an omnigap before cache format 2, which this one cannot read); omnigap leaves it as it is: give another file")
	}
	line, _, whole := bytes.Cut(head, []byte("\n"))
	var h struct {
		Format *int `json:"omnigap_reply_cache"`
	}
	if !whole || json.Unmarshal(line, &h) != nil || h.Format == nil {
		return errors.New("not an omnigap reply cache; omnigap leaves it as it is: give another file")
	}
	if *h.Format != fileFormat {
		return fmt.Errorf("a reply cache of format %d, and this omnigap reads format %d; omnigap leaves it as it is: give another file", *h.Format, fileFormat)
	}
	s.read, s.lines = int64(len(line)+1), 2
	return s.catchUp()
}

// catchUp indexes the whole lines appended since the last look, by this
// process or another. A line that is not a kept reply is an error, and
// the file is read no further.
func (s *store) catchUp() error {
	st, err := s.f.Stat()
	if err != nil {
		return err
	}
	if st.Size() <= s.read {
		return nil
	}
	r := bufio.NewReaderSize(io.NewSectionReader(s.f, s.read, st.Size()-s.read), 64<<10)
	var long []byte
	for {
		piece, err := r.ReadSlice('\n')
		if errors.Is(err, bufio.ErrBufferFull) {
			long = append(long, piece...)
			continue
		}
		if err == io.EOF {
			return nil // nothing more, or a line still being written
		}
		if err != nil {
			return err
		}
		line := piece
		if long != nil {
			line, long = append(long, piece...), nil
		}
		key, err := keyOf(line)
		if err != nil {
			return fmt.Errorf("line %d cannot be read as a kept reply (%v); omnigap leaves the file as it is: give another file", s.lines, err)
		}
		if _, seen := s.index[key]; !seen {
			s.index[key] = span{s.read, len(line)}
		}
		s.read += int64(len(line))
		s.lines++
	}
}

// keyOf is the key of a record's line.
func keyOf(line []byte) ([32]byte, error) {
	var rec struct {
		Key string `json:"key"`
	}
	var key [32]byte
	if err := json.Unmarshal(line, &rec); err != nil {
		return key, err
	}
	if n, err := hex.Decode(key[:], []byte(rec.Key)); err != nil || n != len(key) || len(rec.Key) != 2*len(key) {
		return key, fmt.Errorf("its key %q is not a SHA-256", rec.Key)
	}
	return key, nil
}

// get returns the reply kept under key, looking at what other processes
// appended when it is not among the lines read so far.
func (s *store) get(key []byte) (json.RawMessage, bool, error) {
	k := [32]byte(key)
	at, ok := s.index[k]
	if !ok {
		if err := s.catchUp(); err != nil {
			return nil, false, err
		}
		if at, ok = s.index[k]; !ok {
			return nil, false, nil
		}
	}
	line := make([]byte, at.n)
	if _, err := s.f.ReadAt(line, at.off); err != nil {
		return nil, false, err
	}
	var rec record
	if err := json.Unmarshal(line, &rec); err != nil {
		return nil, false, fmt.Errorf("a kept reply cannot be read: %v", err)
	}
	return rec.Reply, true, nil
}

// put appends a reply under key, unless a process kept one first.
func (s *store) put(key []byte, model string, reply []byte) error {
	k := [32]byte(key)
	line, err := json.Marshal(record{Key: hex.EncodeToString(key), Model: model, Created: time.Now().Unix(), Reply: reply})
	if err != nil {
		return err
	}
	line = append(line, '\n')
	return s.locked(func() error {
		if err := s.catchUp(); err != nil {
			return err
		}
		if _, kept := s.index[k]; kept {
			return nil
		}
		// Under the lock nobody else writes: anything past the whole
		// lines is a write cut short.
		if st, err := s.f.Stat(); err != nil {
			return err
		} else if st.Size() > s.read {
			if err := s.f.Truncate(s.read); err != nil {
				return err
			}
		}
		if _, err := s.f.WriteAt(line, s.read); err != nil {
			return err
		}
		s.index[k] = span{s.read, len(line)}
		s.read += int64(len(line))
		s.lines++
		return nil
	})
}

// locked runs do holding the file's lock, which every process that
// writes the file takes.
func (s *store) locked(do func() error) error {
	unlock, err := safefile.Lock(s.f, lockWait)
	if err != nil {
		return err
	}
	defer unlock()
	return do()
}
