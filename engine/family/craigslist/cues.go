package craigslist

import (
	"github.com/omnigap/omnigap/internal/lazyre"
)

// The words the deal reader (words.go) goes by, over lower-cased
// sentences. Precision first: a sentence that might only be polite, or
// that asks, hedges or sets a condition, accepts nothing.

// acceptingFirm are words that accept on their own ("Deal!", "I accept
// your offer", "The deal is done."): what they accept is the partner's
// standing offer, unless the sentence names a price.
var acceptingFirm = lazyre.New(`\b(?:i|we)(?:'ll| will| can| do)? accept\b|\baccept(?:s|ed)? (?:your|the|that|this|his|her|\$)|` +
	`\b(?:happy|glad|pleased|willing) to accept\b|\bagree(?:s|d)? (?:to|on) (?:your|the|that|this|it|sell|buy|pay|take|purchase|\$)|` +
	`\bagree with (?:your|the|that|this) (?:price|offer|proposal|terms)\b|^(?:agreed|accepted|deal|sold|done)\b|\bwe(?:'re| are) agreed\b|` +
	`\b(?:it's|it is|that's|that is|we have|we've got|you've got|you have|you got|got yourself) (?:got )?(?:yourself )?(?:a|our) deal\b|` +
	`\bsounds like (?:a|we have a) deal\b|\b(?:it's|that's|it is|that is) settled\b|` +
	`\b(?:we've|we have) (?:reached|come to) (?:an )?agreement\b|\bglad we (?:could |were able to |can )?(?:reach|reached|come to|came to|agree|agreed)\b|` +
	`\bthe deal is (?:done|settled|closed|made|on)\b|\blet's (?:make|call) (?:it|the|this|that) (?:a )?deal\b|` +
	`\blet's (?:finalize|close|seal|do) (?:the|this|that|our) deal\b|\blet's shake on it\b|` +
	`\blet's (?:go ahead|proceed) with (?:the|this|our) (?:purchase|sale|transaction|deal)\b|\b(?:i'll|i will) (?:take|buy) (?:it|them)\b`)

// acceptingThat are words that accept what the partner just said
// ("That works for me."): only an offer its last turn made.
var acceptingThat = lazyre.New(`^(?:\W*(?:great|perfect|okay|ok|alright|all right|fine|yes|sure|wonderful|excellent)\W+)*(?:that|this)(?:'s| is)? ` +
	`(?:works(?: for (?:me|us))?|sounds (?:good|great|fair|reasonable|perfect|fine|like a deal)|is (?:fair|acceptable|reasonable|fine))\b`)

// acceptingPrice are words that accept the price their sentence names
// ("$40 sounds fair", "let's do $18 then", "$570 for 4 phones it is!").
var acceptingPrice = lazyre.New(`\bsounds? (?:like )?(?:a )?(?:fair|good|great|reasonable|fine|perfect|acceptable|doable)\b|` +
	`\b(?:is|seems|looks) (?:a )?(?:fair|reasonable|acceptable|fine|good)\b|\bworks for (?:me|us)\b|\bit is\b(?:\W+then)?\W*$|\b(?:i can|i'll|let's) meet (?:you )?at\b|` +
	`\blet's (?:do|go with|settle on|settle at|make it|finalize at|finalize it at|close at)\b|\b(?:go|going) with\b|\bfair enough\b|\b(?:i'm|i am) (?:happy|fine|okay|ok|good) with\b|` +
	`\bi can do\b|\b(?:i can|i'll|i will) (?:sell|let)\b|\blet (?:it|them) go\b|\b(?:it's|it is|they're|they are) yours\b|\b(?:happy|glad|willing) to (?:pay|take|go with|do)\b|^(?:ok|okay|alright|all right|sure|yes)\b|\bdeal\b|\bagree\b`)

// hedged are words that, before the cue in its clause, keep it from
// accepting: a negation ("I can't accept"), a modal ("I would accept"),
// or the partner's view reported ("I understand that you think $60 is
// fair"); so does a condition anywhere before it in its sentence ("if
// you can do $40, we have a deal").
var hedged = lazyre.New(`\b(?:not|no|never|cannot|unable|would|could|might|should|may|understand)\b|n't\b|` +
	`\byou(?:'re| are)? (?:believe|think|feel|say|said|mentioned|consider|claim)`)

// contrast after an acceptance takes it back when what follows it asks,
// names a price or wants another one ("sounds reasonable. However, is
// there any flexibility?").
var (
	contrast  = lazyre.New(`\b(?:but|however|although|though|unfortunately|yet|still)\b`)
	wantsMore = lazyre.New(`\?|\b(?:not|no|never|cannot|lower|less|higher|more|cheaper|hoping|instead|reconsider|discount|budget)\b|n't\b`)
)

// conditional after the cue in its sentence makes an acceptance a
// counter-offer ("I can do $170 if you deliver it"), unless it only asks
// whether that suits.
var (
	conditional = lazyre.New(`\b(?:if|unless|as long as|provided|only if|on condition)\b`)
	politeIf    = lazyre.New(`\bif (?:that|this|it)(?:'s| is| works| suits)|\bif you(?:'re| are) (?:ok|okay|fine|good|happy)`)
)

// offering are words that put a price forward: after a deal, a new price
// with them (or asked) opens the bargaining again.
var offering = lazyre.New(`\b(?:how about|what about|could you|can you|would you|can we|could we|let's say|i can offer|i'll offer|i offer|my offer|counter|instead|i meant)\b|` +
	`\bmeet (?:me |you )?(?:halfway |in the middle )?at\b`)

// retracting are words that take a deal back.
var retracting = lazyre.New(`\b(?:changed? my mind|back(?:ing)? out|call(?:ing)? (?:it|the deal) off|cancel|withdraw|no longer|not interested|` +
	`i'll pass|have to pass|no deal|deal is off|second thought|look elsewhere|(?:can't|cannot|won't) go through)\b`)
