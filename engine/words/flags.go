package words

import "strings"

// The words around a number that say it is not a price (docs/METRICS.md,
// "Amounts in context"), the words that say whose an amount or a phrase
// is, and the words of a negated bound. Each word has the flags of the
// lists it is in, so that reading a word around a match costs one lookup
// (wordFlags).
type Flag uint32

const (
	// UnitWords after a number make it a measure or a count.
	UnitWords Flag = 1 << iota
	// LabelWords before a number make it a label's number: room 520,
	// route 66, model 620, page 12, flight 480.
	LabelWords
	// SkipBeforeLabel may stand between a label and its number: "room
	// number 520", "the code is 1100".
	SkipBeforeLabel
	// YearCues before a four-digit number from 1900 to 2099 make it a
	// year; YearAfter after it.
	YearCues
	YearAfter
	// MonthWords and DayWords next to a number up to 31 make it a date.
	MonthWords
	DayWords
	// CurrencyAfter after a number make it money whatever stands around it.
	CurrencyAfter
	// StreetWords end an address: 2500 Mission Street.
	StreetWords
	// BoundWords between a negation and an amount make the negation state
	// a limit: "can't go past 580", "not a cent over 1,100".
	BoundWords
	// firstPerson words are the speaker's, secondPerson the listener's,
	// thirdPerson someone else's.
	firstPerson
	secondPerson
	thirdPerson
	// objectPronouns are a verb's objects unless a preposition stands
	// before them ("for me").
	objectPronouns
	prepositions
	// knowVerbs after "I" report knowledge, not what the speaker did: "I
	// know you signed a lease" is about the listener.
	knowVerbs
	// subjectBefore may stand before "you" as the subject of a clause
	// ("I bet you owe", "and you paid"); before other words, as in "would
	// you take" or "meet you at", it is a question's or an object's.
	subjectBefore
	// ownNouns after "your" name a figure of the listener's own: "your
	// budget is around 575".
	ownNouns
	// fillerWords may stand between a verb that owns a figure and the
	// figure: "I owe about", "I was hoping for somewhere in the low".
	fillerWords
	// auxWords are skipped between "I" and the verb that says what the
	// amount is to the speaker: "I was really hoping for".
	auxWords
	// ownVerbs after "I" say an amount is the speaker's own figure ("I
	// owe", "I was hoping for"); an asking price or an offer ("I'd like to
	// get 700", "I could do 525") does not.
	ownVerbs
	// offerNouns after "my" name an offer, not a limit: "my offer is 450".
	offerNouns
)

// wordLists are the words of each flag.
var wordLists = map[Flag]string{
	UnitWords:       `g gram grams kg kgs kilo kilos kilogram kilograms lb lbs pound pounds oz ounce ounces ton tons tonne tonnes mg ml l liter liters litre litres gallon gallons gal cc mm cm m meter meters metre metres km kms kilometer kilometers kilometre kilometres mi mile miles ft foot feet inch inches yd yard yards sq square acre acres hectare hectares mph kph kmh rpm psi hp horsepower w watt watts kw kwh wh mah v volt volts amp amps hz khz mhz ghz kb mb gb tb mp megapixel megapixels pixel pixels px dpi nits lumens db decibels degree degrees calorie calories kcal year years yr yrs month months week weeks day days hour hours hr hrs minute minutes min mins second seconds sec secs percent times people person persons guests members followers views likes subscribers steps pages words cycles charges stars points items pieces pcs copies seats rooms bedrooms beds laps reps sets kids children students employees services teeth speeds gears am pm oclock o'clock`,
	LabelWords:      `room rm apt apartment unit suite ste building bldg bus route rte line highway hwy interstate freeway exit gate platform track terminal pier dock berth bay flight train seat row table locker box lot space spot stall booth aisle page pg chapter ch section paragraph verse episode season volume vol issue edition model version ver v gen generation mk series size number num id code zip pin ext extension order ticket case ref reference item part serial invoice account acct badge player jersey level stage step round grade class channel station district ward precinct zone tier rank`,
	SkipBeforeLabel: `is was number no`,
	YearCues:        `in since circa ca year model until till til by of built made back`,
	YearAfter:       `model edition season vintage version`,
	MonthWords:      `january february march april june july august september october november december jan feb mar apr jun jul aug sep sept oct nov dec`,
	DayWords:        `monday tuesday wednesday thursday friday saturday sunday`,
	CurrencyAfter:   `dollars dollar bucks buck usd euros euro eur gbp cash`,
	StreetWords:     `street st avenue ave road rd boulevard blvd lane ln drive dr way court ct place pl terrace parkway pkwy`,
	BoundWords:      `over above past beyond exceed exceeding more higher less lower below under cheaper fewer than budge max maximum most least`,
	firstPerson:     `i i'm i've i'll i'd me my mine myself we we're we've we'll we'd us our ours`,
	secondPerson:    `you you're you've you'll you'd your yours yourself`,
	thirdPerson:     `he he's she she's they they're him her his hers them their theirs someone somebody neighbour neighbours neighbor neighbors`,
	objectPronouns:  `me us him them`,
	prepositions:    `for to with of from about`,
	knowVerbs:       `know knew heard hear saw see noticed notice found find think thought bet guess suppose understand realize realise learned learnt remember wonder figured told`,
	subjectBefore:   `and so then if that bet think guess know knew suppose figure reckon sure maybe probably perhaps because since when or say hope feel see hear heard imagine expect`,
	ownNouns:        `budget limit max maximum floor ceiling cap target bottom bottomline top range number figure goal hope savings salary pay debt deposit rent appraisal minimum`,
	fillerWords:     `about around roughly only just maybe like for to up some something somewhere in the a closer close nearly almost over under near low lower mid middle high upper early late left saved of`,
	auxWords:        `was am is were be been had have has would could should will can do did really only just still probably actually honestly already also even`,
	ownVerbs:        `owe owed have got saved need needed hope hoped hoping earn earned budget budgeted spent paid`,
	offerNouns:      `offer bid counter counteroffer price final`,
}

// wordFlags holds every listed word with its flags.
var wordFlags = func() map[string]Flag {
	out := map[string]Flag{}
	for f, list := range wordLists {
		for _, w := range strings.Fields(list) {
			out[w] |= f
		}
	}
	return out
}()

// FlagsOf returns the flags of a lowered word.
func FlagsOf(w string) Flag { return wordFlags[w] }

// Is reports whether the lowered word w has flag f.
func Is(w string, f Flag) bool { return wordFlags[w]&f != 0 }

// WordSet reads a list of words into a set.
func WordSet(list string) map[string]bool {
	out := map[string]bool{}
	for _, w := range strings.Fields(list) {
		out[w] = true
	}
	return out
}

// relationWords name a person by what they are to someone.
var relationWords = WordSet(`brother sister mother father mom dad mum son daughter wife husband cousin uncle
	aunt grandmother grandfather grandma grandpa nephew niece boyfriend girlfriend fiance fiancee partner
	boss roommate landlord landlady stepfather stepmother stepson stepdaughter`)

// IsRelation reports whether the lowered word w names a person by what
// they are to someone: "brother", "landlady".
func IsRelation(w string) bool { return relationWords[w] }
