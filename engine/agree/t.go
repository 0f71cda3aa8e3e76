package agree

// tTable holds t(0.975, df) for df 1..30.
var tTable = [...]float64{
	12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
	2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
	2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042,
}

// T975 is the 97.5% quantile of Student's t with df degrees of freedom:
// from the table up to 30, then the Cornish-Fisher expansion around the
// normal quantile (error below 0.001 there).
func T975(df int) float64 {
	if df <= len(tTable) {
		return tTable[df-1]
	}
	d := float64(df)
	z3, z5 := z975*z975*z975, z975*z975*z975*z975*z975
	return z975 + (z3+z975)/(4*d) + (5*z5+16*z3+3*z975)/(96*d*d)
}

// z975 is the 97.5% quantile of the standard normal distribution.
const z975 = 1.959963984540054
