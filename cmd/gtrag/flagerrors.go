package main

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// flagError turns pflag's and cobra's wording of a bad command line
// (`invalid argument "abc" for "-k, --k" flag: strconv.ParseInt: parsing
// "abc": invalid syntax`) into one plain sentence that names the flag as
// the user typed it and says what it wants (`-k must be a whole number,
// got "abc"`). It is the root command's FlagErrorFunc, so every command
// and every flag type gets it; the result is a usage error (exit 2).
func flagError(cmd *cobra.Command, err error) error {
	var (
		invalid  *pflag.InvalidValueError
		required *pflag.ValueRequiredError
		notExist *pflag.NotExistError
		syntax   *pflag.InvalidSyntaxError
	)
	help := "see `" + cmd.CommandPath() + " --help`"
	var repeated *repeatedFlagError
	switch {
	case errors.As(err, &repeated) && errors.As(err, &invalid):
		f := invalid.GetFlag()
		what, _ := pflag.UnquoteUsage(f)
		return usagef("%s given twice (%q, then %q): it takes one %s", flagName(f), snippet(repeated.first, 80), snippet(repeated.second, 80), what)
	case errors.As(err, &invalid):
		f := invalid.GetFlag()
		value := snippet(invalid.GetValue(), 40)
		if errors.Is(err, strconv.ErrRange) {
			return usagef("%s %q is out of range for %s", flagName(f), value, wantOf(f))
		}
		return usagef("%s must be %s, got %q", flagName(f), wantOf(f), value)
	case errors.As(err, &required):
		name := "--" + required.GetSpecifiedName()
		if required.GetSpecifiedShortnames() != "" {
			name = "-" + required.GetSpecifiedName()
		}
		if f := required.GetFlag(); f != nil && f.Value.Type() == "string" {
			// "a valid string" says nothing: the flag's usage says what
			// it takes ("auto, offline, ollama:MODEL, …").
			return usagef("%s needs a value: %s (%s)", name, stringWant(f), help)
		}
		if f := required.GetFlag(); f != nil {
			return usagef("%s needs a value: %s", name, wantOf(f))
		}
		return usagef("%s needs a value (%s)", name, help)
	case errors.As(err, &notExist):
		name := "--" + notExist.GetSpecifiedName()
		if notExist.GetSpecifiedShortnames() != "" {
			name = "-" + notExist.GetSpecifiedName()
		}
		return usagef("%s has no flag %s (%s)", cmd.CommandPath(), name, help)
	case errors.As(err, &syntax):
		return usagef("%s is not a flag: flags are written --name or -n (%s)", syntax.GetSpecifiedFlag(), help)
	}
	return asUsage(err)
}

// flagName is how help shows the flag: its one-letter form when it has one.
func flagName(f *pflag.Flag) string {
	if f.Shorthand != "" && f.ShorthandDeprecated == "" {
		return "-" + f.Shorthand
	}
	return "--" + f.Name
}

// wantOf says in words what a flag of f's type accepts.
func wantOf(f *pflag.Flag) string {
	switch t := f.Value.Type(); t {
	case "int", "int8", "int16", "int32", "int64":
		return "a whole number"
	case "uint", "uint8", "uint16", "uint32", "uint64":
		return "a whole number, 0 or more"
	case "float32", "float64":
		return "a number"
	case "bool":
		return "true or false"
	case "duration":
		return "a duration such as 30s, 2m or 1h30m"
	case "count":
		return "a count"
	default:
		if strings.HasSuffix(t, "Slice") || strings.HasSuffix(t, "Array") {
			return "a comma-separated list"
		}
		return fmt.Sprintf("a valid %s", t)
	}
}

// argsError says in a sentence what cobra's argument checks say in their
// own terms ("accepts 1 arg(s), received 0", `unknown command "x" for
// "gtrag stats"`): what the command takes, with its usage line.
func argsError(cmd *cobra.Command, args []string, err error) error {
	if err == nil {
		return nil
	}
	usage := strings.TrimSuffix(cmd.UseLine(), " [flags]")
	switch {
	case len(args) > 0 && strings.HasPrefix(err.Error(), "unknown command"):
		return usagef("%s takes no arguments, got %q (usage: %s)", cmd.CommandPath(), snippet(args[0], 40), usage)
	case len(args) == 0:
		return usagef("%s needs an argument (usage: %s)", cmd.CommandPath(), usage)
	default:
		return usagef("%s got %d arguments (usage: %s)", cmd.CommandPath(), len(args), usage)
	}
}

// stringWant is what a string flag takes, from its usage text without the
// "(env …)" that global flags add: "knowledge base directory".
func stringWant(f *pflag.Flag) string {
	usage := strings.ReplaceAll(f.Usage, "`", "") // pflag's `NAME` marks
	if i := strings.Index(usage, " (env "); i > 0 {
		usage = usage[:i]
	}
	if usage == "" {
		return "a value"
	}
	return usage
}

// emptyFileFlag refuses a file flag of fs given an empty value
// (--trace-out "", --ids-out ""): read as the flag left out, a script's
// --trace-out "$F" with F unset lost its recording without a word.
func emptyFileFlag(fs *pflag.FlagSet, name string) error {
	if f := fs.Lookup(name); f != nil && f.Changed && strings.TrimSpace(f.Value.String()) == "" {
		return usagef("--%s is empty: give the FILE to write", name)
	}
	return nil
}

// refuseRepeats makes each named flag of fs refuse a second value. pflag
// keeps the last value of a flag given twice, which is what an option
// overridden at the end of a long command line wants, but not a flag
// whose value is the point of the command: `replay run.jsonl --fork 6 …
// --fork 7` forked after step 7 without a word. It is for flags taking a
// value (int, string): a bool given twice means the same thing twice, and
// wrapping one would hide that it takes no value (pflag asks the Value
// for IsBoolFlag). The same value given twice is refused too, as a second
// --set is: the command line is not what its writer thought.
func refuseRepeats(fs *pflag.FlagSet, names ...string) {
	for _, name := range names {
		f := fs.Lookup(name)
		f.Value = &onceValue{Value: f.Value}
	}
}

// onceValue is a flag's value that takes one value only.
type onceValue struct {
	pflag.Value
	first string
	given bool
}

func (v *onceValue) Set(s string) error {
	if v.given {
		return &repeatedFlagError{first: v.first, second: s}
	}
	if err := v.Value.Set(s); err != nil {
		return err
	}
	v.first, v.given = s, true
	return nil
}

// repeatedFlagError is a second value given to a flag that takes one;
// pflag wraps it in an InvalidValueError, which flagError words.
type repeatedFlagError struct{ first, second string }

func (e *repeatedFlagError) Error() string {
	return fmt.Sprintf("given twice (%q, then %q)", e.first, e.second)
}
