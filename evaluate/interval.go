package evaluate

import "math"

// Interval is a range a proportion lies in with 95% confidence.
type Interval struct {
	Low  float64 `json:"low"`
	High float64 `json:"high"`
}

// z95 is the standard normal quantile of a two-sided 95% interval.
const z95 = 1.959963984540054

// Wilson is the Wilson score interval at 95% for k successes in n trials;
// the zero Interval when n is 0.
//
// Why Wilson. A hit rate over a few dozen held-out questions is a small
// sample near 1, where the textbook interval p ± 1.96·√(p(1−p)/n) is
// too narrow and, at 59 of 59, has no width at all; Wilson's stays
// inside [0, 1] and keeps close to its nominal coverage at any n (Brown,
// Cai and DasGupta, "Interval Estimation for a Binomial Proportion",
// 2001). It tells a reader of `gtrag eval` what a change of one or two
// questions is worth: 53 of 59 is 0.90, with an interval of 0.80 to
// 0.95.
func Wilson(k, n int) Interval {
	if n <= 0 || k < 0 || k > n {
		return Interval{}
	}
	p := float64(k) / float64(n)
	nf := float64(n)
	z2 := z95 * z95
	denom := 1 + z2/nf
	center := (p + z2/(2*nf)) / denom
	half := z95 / denom * math.Sqrt(p*(1-p)/nf+z2/(4*nf*nf))
	return Interval{Low: max(0, center-half), High: min(1, center+half)}
}
