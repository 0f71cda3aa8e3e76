package web

// Version is the version of the protocol spoken at /play
// (docs/SERVE.md): the server's hello carries it, and a client's join or
// resume that names another is refused.
const Version = 1

// maxMessage is the longest message a client may send: a socket that
// sends more is closed (StatusMessageTooBig), and only that one.
const maxMessage = 4 << 10

// inbound is a message from a client: join, input or resume.
type inbound struct {
	Type    string `json:"type"`
	Version int    `json:"version,omitempty"`
	Name    string `json:"name,omitempty"`
	Code    string `json:"code,omitempty"`
	Text    string `json:"text,omitempty"`
	Token   string `json:"token,omitempty"`
}

// hello is the server's first message on a socket.
type hello struct {
	Type    string `json:"type"` // "hello"
	Version int    `json:"version"`
	Title   string `json:"title"`
	// Code says that a join needs the room's code.
	Code bool `json:"code"`
}

// seatMsg is the player's side, sent once a game has a seat (and again
// on a resume): who they are, what only they know, their goal, the moves
// and the token that resumes the game.
type seatMsg struct {
	Type     string    `json:"type"` // "seat"
	Version  int       `json:"version"`
	Token    string    `json:"token"`
	Seat     int       `json:"seat"`
	Name     string    `json:"name"`
	Role     string    `json:"role"`
	Partner  person    `json:"partner"`
	Setting  string    `json:"setting"`
	Facts    []string  `json:"facts"`
	Holding  []string  `json:"holding,omitempty"`
	Secret   string    `json:"secret,omitempty"`
	Goal     string    `json:"goal"`
	Ends     string    `json:"ends,omitempty"`
	Public   []string  `json:"public,omitempty"`
	Moves    []moveMsg `json:"moves"`
	Welcome  string    `json:"welcome"`
	Player   string    `json:"player"`
	MaxTurns int       `json:"max_turns"`
}

type person struct {
	Name string `json:"name"`
	Role string `json:"role"`
}

// moveMsg is one thing a player can type, as /help lists it; Ends says
// how the move ends the game ("" when it does not by itself).
type moveMsg struct {
	Usage   string `json:"usage"`
	Summary string `json:"summary"`
	Ends    string `json:"ends,omitempty"`
}

// turnMsg is a finished turn; deltaMsg a piece of one as it streams.
type turnMsg struct {
	Type    string `json:"type"` // "turn"
	Seat    int    `json:"seat"`
	Turn    int    `json:"turn"`
	Speaker string `json:"speaker"`
	Text    string `json:"text"`
	Move    string `json:"move,omitempty"` // a move's label ("offer $540"), "" for words
	Yours   bool   `json:"yours"`
}

type deltaMsg struct {
	Type    string `json:"type"` // "delta"
	Seat    int    `json:"seat"`
	Turn    int    `json:"turn"`
	Speaker string `json:"speaker"`
	Text    string `json:"text"`
}

// yourTurnMsg says the game waits for the player's move.
type yourTurnMsg struct {
	Type string `json:"type"` // "your_turn"
	Turn int    `json:"turn"`
}

// refusedMsg says why an input was not sent. Warning marks a move that
// ends the game: the same input again sends it.
type refusedMsg struct {
	Type    string `json:"type"` // "refused"
	Reason  string `json:"reason"`
	Warning bool   `json:"warning,omitempty"`
	Text    string `json:"text"`
}

// helpMsg answers /help.
type helpMsg struct {
	Type  string    `json:"type"` // "help"
	Moves []moveMsg `json:"moves"`
}

// noticeMsg is news for the player that is not the dialogue (the game is
// no longer recorded).
type noticeMsg struct {
	Type string `json:"type"` // "notice"
	Text string `json:"text"`
}

// endedMsg says the game is over.
type endedMsg struct {
	Type    string `json:"type"` // "ended"
	Outcome string `json:"outcome"`
	Reason  string `json:"reason"`
	Turns   int    `json:"turns"`
	Good    bool   `json:"good"`
}

// errorMsg says why the server will not go on with this socket (or this
// request), in words for the player.
type errorMsg struct {
	Type    string `json:"type"` // "error"
	Message string `json:"message"`
}
