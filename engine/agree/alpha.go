package agree

import "fmt"

// Alpha is Krippendorff's alpha at the interval level of units, each the
// values its raters gave it (any number of raters, any of them missing):
// 1 − Do/De, where, over the n values of the units that have two or
// more (the pairable ones),
//
//	Do = 1/n · Σ_u 1/(m_u−1) · Σ_{i≠j in u} (v_i − v_j)²
//	De = 1/(n(n−1)) · Σ_{i≠j among all n} (v_i − v_j)²
//
// 1 is perfect agreement, 0 what raters who scored at random from the
// same values would reach. It is missing with no pairable unit, or when
// every value is the same (De = 0). The interval is Bootstrap's.
func Alpha(units [][]float64) Estimate {
	a, n, why := alpha(units)
	if why != "" {
		return missing(n, why)
	}
	return Estimate{Value: a, Lo: a, Hi: a, N: n}
}

// alpha is Alpha's value, the number of pairable units, and why it is
// missing ("" when it is not). Σ_{i≠j}(v_i−v_j)² over m values is
// 2mΣv² − 2(Σv)², so one pass over the values does.
func alpha(units [][]float64) (float64, int, string) {
	var n, pairable int
	var within, sum, squares float64
	for _, u := range units {
		m := len(u)
		if m < 2 {
			continue
		}
		pairable++
		var s, q float64
		for _, v := range u {
			s += v
			q += v * v
		}
		within += (2*float64(m)*q - 2*s*s) / float64(m-1)
		n += m
		sum += s
		squares += q
	}
	if pairable == 0 {
		return 0, 0, "no unit has two raters"
	}
	nf := float64(n)
	expected := (2*nf*squares - 2*sum*sum) / (nf * (nf - 1))
	if expected <= 0 {
		return 0, pairable, fmt.Sprintf("every value of the %d units is the same", pairable)
	}
	return 1 - (within/nf)/expected, pairable, ""
}
