package openaiapi

import "net/url"

// PublicURL is base as it may be shown or recorded: without a user, a
// password, a query or a fragment, where people put keys and tokens.
func PublicURL(base string) string {
	u, err := url.Parse(base)
	if err != nil {
		return "(an endpoint URL that does not parse)"
	}
	u.User, u.RawQuery, u.ForceQuery, u.Fragment, u.RawFragment = nil, "", false, "", ""
	return u.String()
}
