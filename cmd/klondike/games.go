package main

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/klondike-family/klondike/variants"
	"github.com/spf13/cobra"
)

type gamesOptions struct {
	game string
}

func newGamesCmd(stdout io.Writer) *cobra.Command {
	o := &gamesOptions{}
	cmd := &cobra.Command{
		Use:   "games",
		Short: "List the games, or print one game's rules",
		Args:  noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runGames(stdout, cmd.Flags().Changed("game"), o)
		},
	}
	cmd.Flags().StringVar(&o.game, "game", "", "print this game's page: rules, sources, readings and options")
	return cmd
}

// runGames lists every game, or prints the page of o.game when --game is
// given (an empty name is refused as any unknown game is).
func runGames(w io.Writer, given bool, o *gamesOptions) error {
	if !given {
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
		for _, g := range variants.All() {
			fmt.Fprintf(tw, "%s\t%s\n", g.Name, g.Summary)
		}
		return tw.Flush()
	}
	g, err := variants.Lookup(o.game)
	if err != nil {
		return usageError(err)
	}
	fmt.Fprint(w, strings.TrimRight(g.Page, "\n")+"\n\n")
	opts := "none"
	if len(g.Options) > 0 {
		opts = "--" + strings.Join(g.Options, ", --")
	}
	_, err = fmt.Fprintf(w, "Options: %s\n", opts)
	return err
}
