package freeform

// tookUp says what a turn took up of the partner's.
type tookUp uint8

const (
	tookNews   tookUp = 1 << iota // reacted to news
	tookAsking                    // asked about what the partner said
	tookOther                     // took up anything else
)

// takeUp takes up what in the partner's latest turn comes before an
// answer: one's own secret in the partner's mouth gets surprise (and
// the second time, less of it), a right
// guess at one's aim a yes, news is said back and gets a reaction.
func (f *freePlayer) takeUp(s saying, st freeState) tookUp {
	pl := f.pools
	r := st.last
	var t tookUp
	switch {
	case r.has(doesClaim) && st.claimedBefore:
		s.add(pl[freeCaughtAgain])
		t |= tookOther
	case r.has(doesClaim):
		s.add(pl[freeCaught])
		t |= tookAsking
	case r.has(doesGuess):
		s.add(pl[freeReadRight])
		t |= tookOther
	}
	if !r.has(doesNews) {
		return t
	}
	s.Slots.Echo = echo(f.unnamed(r.news))
	if r.tone == toldReason {
		// A reason is taken in, not wondered at.
		if s.Slots.Echo != "" {
			s.add(pl[freeUnderstandEcho])
		} else {
			s.add(pl[freeUnderstand])
		}
		return t | tookOther
	}
	if s.Slots.Echo != "" {
		s.add(pl[freeEchoNews])
	}
	switch r.tone {
	case misfortune:
		s.add(pl[freeSympathy])
	case confession:
		s.add(pl[freeShock])
	default:
		s.add(pl[freeSurprise])
	}
	return t | tookNews
}

// acknowledge takes up, after the answer, the rest of the partner's
// latest turn when nothing was taken up yet: a first wish is said back,
// a feeling acknowledged, a refusal taken.
func (f *freePlayer) acknowledge(s saying, st freeState) tookUp {
	pl := f.pools
	r := st.last
	switch {
	case r.has(doesWish) && st.heard != "" && !st.heardBefore:
		s.Slots.Echo = st.heard
		s.add(pl[freeEchoWish])
		return tookOther
	case r.has(doesFeel):
		if s.Slots.Echo = echo(f.unnamed(r.feeling)); s.Slots.Echo != "" {
			s.add(pl[freeFeelEcho])
		} else {
			s.add(pl[freeFeel])
		}
		return tookOther
	case r.has(doesRefuse):
		s.add(pl[freeRefused])
		return tookOther
	}
	return 0
}
