module github.com/gumshoe-dev/gumshoe

go 1.26

require github.com/stretchr/testify v1.12.1

require (
	github.com/irifrance/gini v1.0.1 // indirect
	github.com/spf13/pflag v1.1.0 // indirect
	go.yaml.in/yaml/v3 v3.0.5 // indirect
)
