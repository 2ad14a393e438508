package ui

import (
	"context"
	"errors"
	"strings"
	"sync"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/padview/padview/api/advert"
	"github.com/padview/padview/api/text"
	"github.com/padview/padview/api/watch"
)

// WatchStore is all the UI needs of the watch database: whether an
// advertisement is watched, putting it on the watchlist or taking it off,
// and its stored events. watch.Store is one; tests give a real one on a
// temporary file.
type WatchStore interface {
	Watch(paid string) (watch.Watch, bool, error)
	Add(paids []string) (int, error)
	Remove(paids []string) ([]string, error)
	Events(ctx context.Context, q watch.Query) ([]watch.Event, error)
	Close() error
}

// watchLink is the session's way to the watch database: opened when it is
// first needed, in a command, and kept open until the program ends (Run
// closes it). Every copy of the model shares it; its lock only orders the
// commands that open it.
type watchLink struct {
	open  func(create bool) (WatchStore, error)
	mu    sync.Mutex
	store WatchStore
}

// get is the open database. Without create a database that is not there
// yet is (nil, nil): nothing is watched, and a look leaves no file behind.
// A failure is not kept: the next call tries again (the user may have
// mended the file).
func (l *watchLink) get(create bool) (WatchStore, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.store != nil {
		return l.store, nil
	}
	s, err := l.open(create)
	if err != nil || s == nil {
		return nil, err
	}
	l.store = s
	return s, nil
}

// close closes the database if it was opened.
func (l *watchLink) close() {
	if l == nil {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.store != nil {
		l.store.Close()
		l.store = nil
	}
}

// watching is the model's side of the watch database.
type watching struct {
	link      *watchLink // nil: this session has no watch database
	want      int        // the read or w answer waited for; older ones are dropped
	toggling  int        // the w under way, 0 when none: a second w waits for it
	rereading int        // the read r asked for on the History tab, which the status bar answers
	problem   string     // the last failure to read the database, said once
}

// watchReadTimeout bounds reading an advertisement's events; every other
// step (opening, Watch, Add, Remove) waits at most watch.BusyTimeout for
// another process's lock.
const watchReadTimeout = 15 * time.Second

// watchRead is what the watch database says of one PAID: its history
// when it is watched, nil when it is not, or why it could not be read. The
// answer to w says what w did too.
type watchRead struct {
	id   int
	paid string
	hist *watchHistory
	err  error
	said *status // w's outcome, for the message line; nil for a plain read
}

// readWatch asks the watch database about the advertisement on screen,
// for its History tab and the header.
func (m *Model) readWatch() tea.Cmd {
	if m.watch.link == nil || m.ex == nil {
		return nil
	}
	m.watch.want = m.kit.request()
	id, paid, link, run := m.watch.want, m.ex.paid, m.watch.link, m.watchRun()
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), watchReadTimeout)
		defer cancel()
		s, err := link.get(false)
		if err != nil || s == nil {
			return watchRead{id: id, paid: paid, err: err}
		}
		h, err := readHistory(ctx, s, paid, run)
		return watchRead{id: id, paid: paid, hist: h, err: err}
	}
}

// toggleWatch is w: it watches the advertisement on screen, or stops
// watching it, as the screen shows it. Only the PAID goes on the
// watchlist: `padview watch run` polls its standard view, whatever view
// is on screen, and the history keeps no personal value.
func (m *Model) toggleWatch() tea.Cmd {
	switch {
	case m.watch.link == nil:
		m.status = status{level: levelInfo, text: "Watching is not available in this session."}
		return nil
	case m.ex == nil:
		m.status = status{level: levelInfo, text: "Nothing to watch yet: look up an advertisement, then " + say(m.kit.keys.root.Watch, "watches it") + "."}
		return nil
	case m.watch.toggling != 0:
		m.status = status{level: levelInfo, text: "Still updating the watchlist…"}
		return nil
	}
	m.watch.want = m.kit.request()
	m.watch.toggling = m.watch.want
	id, paid, link, stop, run := m.watch.want, m.ex.paid, m.watch.link, m.ex.watched.isWatched(), m.watchRun()
	full := m.ex.view == advert.Full
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), watchReadTimeout)
		defer cancel()
		r := watchRead{id: id, paid: paid}
		r.said, r.err = doWatch(link, paid, stop, full, run)
		if s, err := link.get(false); r.err == nil && err == nil && s != nil {
			r.hist, r.err = readHistory(ctx, s, paid, run)
		}
		return r
	}
}

// doWatch does what w asks and says what it did; a failure of the
// database comes back as its error, which the History tab shows whole.
func doWatch(link *watchLink, paid string, stop, full bool, run string) (*status, error) {
	name := text.CleanText(paid)
	failed := func(what string, err error) (*status, error) {
		return &status{level: levelError, text: "Cannot " + what + " " + name + ": the History tab says why."}, err
	}
	s, err := link.get(true)
	if err == nil && s == nil {
		err = errors.New("no watch database was opened")
	}
	switch {
	case err != nil && stop:
		return failed("stop watching", err)
	case err != nil:
		return failed("watch", err)
	case stop:
		removed, err := s.Remove([]string{paid})
		switch {
		case err != nil:
			return failed("stop watching", err)
		case len(removed) == 0:
			return &status{level: levelInfo, text: name + " was not watched any more."}, nil
		}
		return &status{level: levelOK, text: name + " is no longer watched; its history stays (padview watch log " + name + ")."}, nil
	}
	added, err := s.Add([]string{paid})
	switch {
	case err != nil:
		return failed("watch", err)
	case added == 0:
		return &status{level: levelInfo, text: name + " was already watched: " + run + " polls it."}, nil
	case full:
		return &status{level: levelOK, text: name + " is watched: " + run + " polls its standard view; nothing personal is stored."}, nil
	}
	return &status{level: levelOK, text: name + " is watched: " + run + " polls it."}, nil
}

// watchRun is the command that polls the watchlist of this session's
// database: the demo has its own.
func (m Model) watchRun() string { return m.kit.cli + " watch run" }

// problemText is an error of the watch database for the screen.
func problemText(err error) string {
	if errors.Is(err, context.DeadlineExceeded) {
		return "no answer from the watch database in " + text.Duration(watchReadTimeout) + " (another program may hold it)"
	}
	return text.CleanText(err.Error())
}

// onWatchRead takes an answer of the watch database. What w did is said
// even when the reader has moved on (it was done); the history, or why
// it cannot be read, is taken only for the advertisement on screen, from
// the latest request.
func (m Model) onWatchRead(r watchRead) (tea.Model, tea.Cmd) {
	if r.id == m.watch.toggling {
		m.watch.toggling = 0
	}
	if r.said != nil {
		m.status = *r.said
	}
	current := r.id == m.watch.want && m.ex != nil && m.ex.paid == r.paid
	if r.err != nil {
		p := problemText(r.err)
		if r.said == nil && p != m.watch.problem {
			// Said once in the message line; the History tab says it whole.
			m.notice = strings.TrimSpace(m.notice + " The watch database cannot be read: the History tab says why.")
		}
		m.watch.problem = p
		if r.id == m.watch.rereading {
			m.status = status{level: levelError, text: "The watch history still cannot be read."}
		}
		if current {
			m.setWatched(&watchHistory{paid: r.paid, problem: p, hay: &lineIndex{}})
		}
		return m, nil
	}
	m.watch.problem = ""
	if !current {
		return m, nil
	}
	if r.id == m.watch.rereading {
		m.status = status{level: levelOK, text: "Watch history read again (no request): " + historyCount(r.hist) + "."}
	}
	m.setWatched(r.hist)
	return m, nil
}

// setWatched puts the history of the advertisement on screen in its tab:
// the History tab comes, goes or is read anew; the other tabs stay as the
// reader left them, and so does the tab the reader is on.
func (m *Model) setWatched(h *watchHistory) {
	if m.ex.watched == nil && h == nil {
		return
	}
	ex := *m.ex // exchanges are shared with the session's history: change a copy
	ex.watched = h
	m.ex = &ex
	if ex.maskPending() {
		return // its panes come with the masked copy
	}
	on := m.deck.current().Tab().Label
	var old *watchPane
	panes := make([]Pane, 0, len(m.deck.panes)+1)
	for _, p := range m.deck.panes {
		if wp, ok := p.(watchPane); ok {
			old = &wp
			continue
		}
		panes = append(panes, p)
	}
	if h != nil {
		in := m.layout.paneInner()
		panes = append(panes, newWatchPane(m.kit, h, old).Resize(in.w, in.h))
		if old == nil && m.deck.active == 0 && m.deck.stay == historyLabel {
			on = historyLabel // the tab the reader was on before this advertisement
		}
	}
	active := len(panes) - 1 // the History tab went: the one before it
	for i, p := range panes {
		if p.Tab().Label == on {
			active = i
		}
	}
	m.deck.panes, m.deck.active = panes, active
	m.chrome = chrome{} // the tab bar changed
}

// onHistory reports whether the History tab is on screen.
func (m Model) onHistory() bool {
	_, ok := m.deck.current().(watchPane)
	return ok && m.ex != nil
}

// historyCount says what a read found.
func historyCount(h *watchHistory) string {
	switch {
	case h == nil:
		return "it is no longer watched"
	case h.more:
		return "the newest " + text.Plural(len(h.events), "event", "events")
	}
	return text.Plural(len(h.events), "event", "events")
}

// watchLabel marks a watched advertisement in the header.
func (m Model) watchLabel() string {
	if m.ex == nil || !m.ex.watched.isWatched() {
		return ""
	}
	return "◉ watched"
}
