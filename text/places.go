package text

import (
	"strings"
	"sync"
)

// placeNames are the countries, their peoples and languages, the US
// states, Canada's provinces and the continents and regions applied
// game-theory papers set their studies in ("trust games in Tanzania",
// "Spain's irrigation communities", "Kenyan villages", "the German
// spectrum auction"). A study's place is not its subject, so ForeignName
// does not count them as names the field does not know; the question's
// other words then decide (see ForeignName for what that costs).
//
// Cities are not among them. A hundred of the world's largest were
// measured in round 2 session 32, offline: the second file of
// testdata/blinddev gained one question (traffic on Wuhan's bridges), but
// world A's tuning controls lost two refusals on each background (one
// paper more each) and a ddev control was searched. Errands name cities
// as often as studies do.
var placeNames = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for _, line := range strings.Split(placeList, "\n") {
		for _, name := range strings.Split(line, ",") {
			if name = strings.TrimSpace(name); name != "" {
				m[strings.ToLower(name)] = true
			}
		}
	}
	return m
})

// maxPlaceWords is the longest place name in words ("Bosnia and
// Herzegovina" is left out; "Trinidad", "Tobago" are there alone).
const maxPlaceWords = 3

// placeAt returns how many of the words starting at ws[i] form a place
// name, as written with capitals ("South Korea", "New York"), or 0.
func placeAt(ws []string, i int) int {
	places := placeNames()
	for n := min(maxPlaceWords, len(ws)-i); n >= 1; n-- {
		name := strings.Join(ws[i:i+n], " ")
		name = strings.ToLower(strings.TrimSuffix(strings.TrimSuffix(name, "'s"), "\u2019s"))
		if places[name] || strings.HasSuffix(name, "s") && places[strings.TrimSuffix(name, "s")] {
			return n // "Germans", "Kenyans" as well as "German"
		}
	}
	return 0
}

const placeList = `
Afghanistan, Afghan, Albania, Albanian, Algeria, Algerian, Angola, Angolan, Argentina, Argentine, Argentinian, Armenia, Armenian,
Australia, Australian, Austria, Austrian, Azerbaijan, Bangladesh, Bangladeshi, Belarus, Belgium, Belgian, Benin, Bolivia, Bolivian,
Bosnia, Botswana, Brazil, Brazilian, Bulgaria, Bulgarian, Burkina Faso, Burundi, Cambodia, Cambodian, Cameroon, Canada, Canadian,
Chad, Chile, Chilean, China, Chinese, Colombia, Colombian, Congo, Costa Rica, Croatia, Croatian, Cuba, Cuban, Cyprus, Czech, Czechia,
Denmark, Danish, Dominican Republic, Ecuador, Egypt, Egyptian, El Salvador, England, English, Estonia, Estonian, Ethiopia, Ethiopian,
Finland, Finnish, France, French, Georgia, Germany, German, Ghana, Ghanaian, Greece, Greek, Guatemala, Haiti, Honduras, Hungary,
Hungarian, Iceland, Icelandic, India, Indian, Indonesia, Indonesian, Iran, Iranian, Iraq, Iraqi, Ireland, Irish, Israel, Israeli,
Italy, Italian, Jamaica, Japan, Japanese, Jordan, Kazakhstan, Kenya, Kenyan, Korea, Korean, South Korea, North Korea, Kosovo, Kuwait,
Laos, Latvia, Latvian, Lebanon, Liberia, Libya, Lithuania, Lithuanian, Luxembourg, Madagascar, Malawi, Malaysia, Malaysian, Mali,
Malta, Mexico, Mexican, Moldova, Mongolia, Montenegro, Morocco, Moroccan, Mozambique, Myanmar, Namibia, Nepal, Nepali, Nepalese,
Netherlands, Dutch, Holland, New Zealand, Nicaragua, Niger, Nigeria, Nigerian, Norway, Norwegian, Pakistan, Pakistani, Panama,
Paraguay, Peru, Peruvian, Philippines, Filipino, Poland, Polish, Portugal, Portuguese, Qatar, Romania, Romanian, Russia, Russian,
Rwanda, Rwandan, Saudi Arabia, Saudi, Scotland, Scottish, Senegal, Serbia, Serbian, Sierra Leone, Singapore, Slovakia, Slovak,
Slovenia, Slovenian, Somalia, South Africa, South African, Spain, Spanish, Sri Lanka, Sudan, Sweden, Swedish, Switzerland, Swiss,
Syria, Syrian, Taiwan, Taiwanese, Tanzania, Tanzanian, Thailand, Thai, Tunisia, Turkey, Turkish, Uganda, Ugandan, Ukraine, Ukrainian,
United Arab Emirates, United Kingdom, United States, Uruguay, Uzbekistan, Venezuela, Venezuelan, Vietnam, Vietnamese, Wales, Welsh,
Yemen, Zambia, Zambian, Zimbabwe, Danes, Swedes, Finns, Poles, Turks, Scots, Brits, Thais, Britain, British, America, American, Europe, European, Africa, African, Asia, Asian, Latin America,
Latin American, Scandinavia, Scandinavian, Middle East, Caribbean, Balkans, Sub-Saharan Africa,
Alabama, Alaska, Arizona, Arkansas, California, Colorado, Connecticut, Delaware, Florida, Hawaii, Idaho, Illinois, Indiana, Iowa,
Kansas, Kentucky, Louisiana, Maine, Maryland, Massachusetts, Michigan, Minnesota, Mississippi, Missouri, Montana, Nebraska, Nevada,
New Hampshire, New Jersey, New Mexico, New York, North Carolina, North Dakota, Ohio, Oklahoma, Oregon, Pennsylvania, Rhode Island,
South Carolina, South Dakota, Tennessee, Texas, Utah, Vermont, Virginia, Washington, West Virginia, Wisconsin, Wyoming,
Ontario, Quebec, British Columbia, Alberta, Manitoba, Saskatchewan, Nova Scotia,
`
