package craigslist

import (
	"strings"
	"sync"
)

// commonWords are ordinary words a listing title may start with, which a
// sentence says in lower case ("the lugged steel road bike"). Any other
// capitalised word may be a brand or a model ("the Google Pixel 7",
// "the Technics turntable") and keeps its capital. The set is built on
// first use.
var commonWords = sync.OnceValue(func() map[string]bool { return wordSet(commonWordList) })

const commonWordList = `
	a an the and or with for of in on to near by
	new brand used like mint rare great nice good excellent clean beautiful lovely gorgeous
	classic vintage antique modern retro custom original genuine authentic
	old older newer barely lightly gently nearly almost
	small smaller large larger big huge tiny mini medium tall short long wide narrow
	light lightweight heavy heavyweight sturdy solid compact portable folding foldable
	one two three four five six seven eight nine ten eleven twelve thirteen twenty thirty forty fifty
	single double triple twin queen king full
	black white grey gray silver gold red blue green yellow orange pink purple brown beige cream
	tan navy teal maroon mustard cognac walnut oak pine maple cherry teak mahogany birch bamboo
	steel aluminum aluminium carbon titanium chrome iron metal wood wooden wicker glass marble
	leather fabric velvet linen cotton wool suede plastic rubber brass copper stone granite
	lugged hardtail hybrid electric gas diesel automatic manual unlocked locked prepaid
	road mountain city commuter cargo cruiser racing touring fixed fixie gravel trail beach
	kids kid's kids' children's child's boys boy's girls girl's mens men's womens women's ladies ladies'
	adult youth baby toddler teen
	flagship budget basic starter flip rugged waterproof smart wireless bluetooth digital
	mid mid-century century furnished unfurnished shared private spacious sunny cozy cosy quiet bright
	room studio apartment flat house townhouse condo cottage cabin garden loft suite bedroom
	sofa couch sectional loveseat chair armchair recliner stool bench table desk dresser drawer
	chest cabinet bookcase bookshelf shelf shelves wardrobe armoire nightstand night stand bed
	frame headboard mattress futon crib dining coffee side end accent console tv stand lamp mirror
	rug ottoman hutch credenza sideboard buffet vanity rocking office gaming computer
	bike bicycle tricycle trike scooter skateboard helmet trainer tandem
	phone smartphone cell cellphone mobile tablet laptop notebook camera lens headphones
	speaker speakers turntable record stereo television monitor console controller
	car sedan hatchback coupe convertible minivan van truck pickup wagon suv jeep motorcycle
	matching set pair lot bundle complete package kit
	selling sale free cheap affordable reduced
	noise noise-cancelling factory sealed mirrorless kitchen patio outdoor indoor wall floor standing exercise
	`

// wordSet reads a list of words separated by white space.
func wordSet(list string) map[string]bool {
	set := map[string]bool{}
	for _, w := range strings.Fields(list) {
		set[w] = true
	}
	return set
}

// commonWord reports whether a word of a title is an ordinary word: the
// whole word, or the first part of a hyphenated one ("Six-drawer"),
// without a trailing comma.
func commonWord(word string) bool {
	w := strings.ToLower(strings.TrimRight(word, ",.;:"))
	if commonWords()[w] {
		return true
	}
	head, _, ok := strings.Cut(w, "-")
	return ok && commonWords()[head]
}
