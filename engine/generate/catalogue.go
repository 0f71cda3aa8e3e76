package generate

// item is one thing a generated Craigslist listing can sell, with the range
// its listing price is drawn from (whole dollars).
type item struct {
	category    string
	title       string
	description string
	low, high   int
}

// catalogue lists what generated listings sell. Prices are rough second-hand
// prices for the kind of item; housing prices are monthly rents.
var catalogue = []item{
	{"bike", "Steel-frame road bike", "Ten-speed road bike with new brake pads and a fresh chain. Fits riders around five foot ten.", 180, 450},
	{"bike", "Hardtail mountain bike", "Front suspension, hydraulic disc brakes, a few scratches on the top tube from trail use.", 300, 900},
	{"bike", "Folding commuter bike", "Folds in under a minute and fits under a desk. Comes with fenders and a rear rack.", 150, 500},
	{"bike", "Kids' bike with training wheels", "Bright blue frame, training wheels included, outgrown after one summer.", 40, 120},
	{"bike", "Electric cargo bike", "Long-tail cargo bike with a removable battery, about forty miles per charge.", 1200, 3200},

	{"phone", "Unlocked smartphone, 128 GB", "Works on every carrier. Screen protector since day one, small scuff on the back.", 150, 480},
	{"phone", "Flagship phone, last year's model", "Battery health is still excellent. Original box and charger included.", 350, 800},
	{"phone", "Budget Android phone", "Good starter phone for a teenager. Clean factory reset, no contract.", 60, 160},
	{"phone", "Flip phone with keyboard", "Long battery life, perfect as a backup or for someone who wants fewer apps.", 40, 110},
	{"phone", "Rugged waterproof phone", "Built for job sites. Survived drops and rain without a scratch on the screen.", 120, 350},

	{"furniture", "Solid oak dining table", "Seats six. Some wear on the edges, sturdy and heavy. Buyer picks up.", 250, 700},
	{"furniture", "Mid-century armchair", "Walnut legs, mustard upholstery, reupholstered two years ago.", 150, 550},
	{"furniture", "Queen bed frame with headboard", "Easy to take apart, all hardware included. Mattress not included.", 120, 400},
	{"furniture", "Six-drawer dresser", "Painted white, drawers slide smoothly. One knob replaced.", 90, 300},
	{"furniture", "Sectional sofa", "Grey fabric, pet-free and smoke-free home, cushions recently cleaned.", 400, 1200},

	{"car", "2012 compact sedan", "Automatic, 118k miles, new tires, clean title. Minor dent on the rear bumper.", 4200, 7800},
	{"car", "2009 hatchback", "Manual transmission, great on gas, timing belt replaced last year.", 2500, 5200},
	{"car", "2014 minivan", "Seats seven, sliding doors work, one owner, service records available.", 6500, 12500},
	{"car", "2006 pickup truck", "Runs strong, bed liner, tow hitch. Some rust on the wheel wells.", 5000, 9800},
	{"car", "2011 convertible coupe", "Soft top replaced recently, garage kept, weekend driver.", 6000, 11000},

	{"housing", "Studio apartment near downtown", "Monthly rent. Laundry in the building, walk to the train, cats allowed.", 900, 1600},
	{"housing", "Two-bedroom apartment with balcony", "Monthly rent. Quiet street, dishwasher, one parking spot included.", 1400, 2600},
	{"housing", "Room in a shared house", "Monthly rent. Furnished room, shared kitchen, utilities split four ways.", 500, 950},
	{"housing", "One-bedroom garden unit", "Monthly rent. Private entrance, small yard, close to the park.", 1100, 1900},
	{"housing", "Three-bedroom townhouse", "Monthly rent. Two bathrooms, attached garage, near schools.", 2200, 3600},

	{"electronics", "Forty-inch smart TV", "Crisp picture, remote included, wall mount available for a little extra.", 120, 320},
	{"electronics", "Gaming console with two controllers", "Lightly used, comes with three games and a charging dock.", 180, 420},
	{"electronics", "Mirrorless camera with kit lens", "Low shutter count, two batteries, camera bag included.", 350, 900},
	{"electronics", "Noise-cancelling headphones", "Over-ear, case and cable included, ear pads like new.", 80, 250},
	{"electronics", "Thirteen-inch laptop", "Eight gigabytes of memory, fresh operating system install, charger included.", 250, 700},
}
